// TypeScript types of a scene, generated from its JSON Schema (public/schema/scene.schema.json)
// by json-schema-to-typescript, so every producer of scenes in the page (MJCF, URDF, build mode,
// export, share links) is checked against the one definition of the format.
//
// The schema is read as the loader reads it; before compiling, a copy is shaped for types:
// - each `$defs` entry becomes one named type (its name in PascalCase), and every `$ref` to it,
//   whatever its description, is that name (otherwise each described use is a new copy);
// - combinators that only add rules (`anyOf`, `allOf`, `not`, `if`, a `oneOf` of `required`s) (a scene needs bodies or articulations, a
//   pose has quaternion or rpy, …) are left to the loader and to ajv: they do not change the
//   shape of the data, and as intersections they make producers' types unreadable;
// - a discriminated union (shapes, joints, motors) is its branches alone, without the restated
//   discriminator beside them;
// - arrays are tuples only when their size is fixed (vectors, quaternions);
// - object types are type aliases rather than interfaces, so a `Scene` is also a JSON document;
// - `default`s are shown as `@default` in the documentation of each field;
// - links are `Link` whether root or child (the root's missing parent and the child's joint that
//   is not free are the loader's checks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';

const SCHEMA = 'public/schema/scene.schema.json';
const OUTPUT = 'lib/scene.generated.ts';
const DEFAULTS_OUTPUT = 'lib/scene_defaults.generated.ts';

/** Definitions that are another definition with extra rules only the loader checks. */
const ALIASES = { rootLink: 'link', childLink: 'link' };

const pascal = (name) => name[0].toUpperCase() + name.slice(1);
const typeName = (def) => pascal(ALIASES[def] ?? def);

/** Does a schema say what its data is (rather than only which fields are required)? */
function shapesData(schema) {
  return ['type', 'properties', 'const', 'enum', '$ref', 'items', 'oneOf'].some((k) => k in schema);
}

function reshape(schema) {
  if (Array.isArray(schema)) return schema.map(reshape);
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    // (A property may be named like a combinator: a predicate's "not".)
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, reshape(property)]));
      continue;
    }
    if (['if', 'then', 'else', 'not'].includes(key)) continue;
    if (key === 'anyOf' || key === 'allOf') continue;
    if (key === 'oneOf' && !value.some(shapesData)) continue;
    out[key] = reshape(value);
  }
  // The value the engine assumes when a field is left out, shown where the type is used.
  if ('default' in out) {
    const shown = `@default ${JSON.stringify(out.default)}`;
    out.description = out.description === undefined ? shown : `${out.description}\n\n${shown}`;
  }
  if (typeof out.$ref === 'string') {
    const def = out.$ref.replace('#/$defs/', '');
    const { description } = out;
    return { tsType: typeName(def), ...(description === undefined ? {} : { description }) };
  }
  if (Array.isArray(out.prefixItems)) delete out.prefixItems;
  // Fixed-size arrays (vectors, quaternions) are tuples; other bounds are the loader's to check.
  if (out.minItems !== out.maxItems) {
    delete out.minItems;
    delete out.maxItems;
  }
  // A union of object branches, each naming its kind: the branches are the type.
  if (Array.isArray(out.oneOf) && out.oneOf.every((b) => b.type === 'object' && b.properties)) {
    delete out.properties;
    delete out.required;
  }
  return out;
}

/**
 * Interfaces as type aliases: an alias of an object type is assignable to an index signature, so
 * a typed scene can be handed to code that walks any JSON document (`{ [key: string]: Json }`).
 */
function asTypeAliases(text) {
  return text.replace(/^export interface (\w+) \{$([\s\S]*?)^\}$/gm, 'export type $1 = {$2};');
}

/** The `default`s of an object schema's properties, nested objects included (e.g. world.solver). */
function defaultsOf(schema) {
  const out = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if ('default' in property) out[name] = property.default;
    else if (property.type === 'object' && property.properties) {
      const inner = defaultsOf(property);
      if (Object.keys(inner).length > 0) out[name] = inner;
    }
  }
  return out;
}

/**
 * The values the engine assumes for what a scene leaves out, as the page shows them: world
 * settings, a shape's (every kind of shape has the same ones: the first kind's are taken),
 * the camera, a question's reveal time.
 */
function defaultsModule(schema) {
  const constant = (name, doc, value) => `/** ${doc} */\nexport const ${name} = ${JSON.stringify(value, null, 2)} as const;\n`;
  return [
    `// Generated by scripts/generate/scene_types.mjs from the \`default\`s of ${SCHEMA}: do not edit.\n`,
    constant('WORLD_DEFAULTS', 'Defaults of `world`.', defaultsOf(schema.properties.world)),
    constant('SHAPE_DEFAULTS', "Defaults of a shape's fields (the same for every kind of shape).", defaultsOf(schema.$defs.shape.oneOf[0])),
    constant('CAMERA_DEFAULTS', 'Defaults of `camera`.', defaultsOf(schema.properties.camera)),
    constant('QUESTION_DEFAULTS', 'Defaults of a question of `meta.questions`.', defaultsOf(schema.properties.meta.properties.questions.items)),
    constant('STOPWATCH_DEFAULTS', 'Defaults of a stopwatch of `meta.instruments`.', defaultsOf(schema.$defs.stopwatch)),
    constant('GATE_TRIGGER_DEFAULTS', "Defaults of a stopwatch's gate trigger.", defaultsOf(schema.$defs.stopwatchTrigger.oneOf[0])),
    constant('META_FIELDS', 'The fields `meta` may have.', Object.keys(schema.properties.meta.properties)),
    constant('META_TRANSLATION_FIELDS', 'The fields a translation of `meta` may have.', Object.keys(schema.$defs.metaTranslation.properties)),
  ].join('\n');
}

export async function generate(repo) {
  const schema = JSON.parse(readFileSync(join(repo, SCHEMA), 'utf8'));
  const definitions = {};
  for (const [name, def] of Object.entries(schema.$defs ?? {})) {
    if (name in ALIASES) continue;
    definitions[name] = { ...reshape(def), title: pascal(name) };
  }
  const root = reshape({ ...schema, $defs: undefined });
  delete root.$defs;
  root.$id = 'scene';
  root.title = 'Scene';
  root.definitions = definitions;
  const text = await compile(root, 'Scene', {
    bannerComment: `// Generated by scripts/generate/scene_types.mjs from ${SCHEMA}: do not edit.`,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    enableConstEnums: false,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
    cwd: join(repo, 'public/schema'),
  });
  return [
    [OUTPUT, asTypeAliases(text)],
    [DEFAULTS_OUTPUT, defaultsModule(schema)],
  ];
}
