// The scene format's defaults in C++, from their one declaration: the `default`s of the scene's
// JSON Schema (public/schema/scene.schema.json). The parser reads a field's value from
// core/scene/scene_defaults.generated.h when the scene leaves the field out, so the schema, the
// page (which reads the same schema) and the core cannot disagree; tests/core/scene_defaults_test
// checks that every default in the schema is the value the parser uses.
//
// Each default is named by where it sits in a scene, with the schema's own structure (oneOf
// variants, if/then/else) left out: world.solver.iterations → kWorldSolverIterations,
// $defs/shape/oneOf/2/properties/density → kShapeDensity. A name given two different defaults
// (say in two variants of a shape) is an error here, not a silent pick. Sections the core keeps
// opaque (meta and controller, read by the page and the library) have no C++ defaults.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const schemaPath = 'public/schema/scene.schema.json';
const opaque = new Set(['meta', 'metaTranslation', 'controller', 'plot', 'slider', 'gate', 'stopwatch', 'stopwatchTrigger', 'challenge', 'region', 'predicate']);
const structural = new Set(['oneOf', 'anyOf', 'allOf', 'then', 'else', 'items']);

// Every `default` in the schema as {names, qualified, value, node}: names is its place in a
// scene (["joint", "velocity"]); qualified adds the variant it sits in where a oneOf's variants
// are told apart by a title or a constant type or mode (["joint", "spherical", "velocity"]).
export function collectDefaults(schema) {
  const found = [];
  const variantOf = (node) =>
    node.title ?? node.properties?.type?.const ?? node.properties?.mode?.const ?? null;
  const walk = (node, names, qualified) => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, names, qualified));
    if (!node || typeof node !== 'object') return;
    if ('default' in node && names.length > 0) found.push({ names, qualified, value: node.default, node });
    for (const [key, child] of Object.entries(node)) {
      if (key === 'properties') {
        for (const [name, property] of Object.entries(child)) walk(property, [...names, name], [...qualified, name]);
      } else if (key === 'oneOf' && Array.isArray(child)) {
        for (const variant of child) {
          const label = variant && typeof variant === 'object' ? variantOf(variant) : null;
          walk(variant, names, label ? [...qualified, label] : qualified);
        }
      } else if (structural.has(key)) {
        walk(child, names, qualified);
      }
    }
  };
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    if (!opaque.has(name)) walk(property, [name], [name]);
  for (const [name, definition] of Object.entries(schema.$defs ?? {}))
    if (!opaque.has(name)) walk(definition, [name], [name]);
  return found;
}

// One entry per name; where the variants of a oneOf give one field different defaults (a
// revolute joint's velocity is a number, a spherical one's a vector), one entry per variant.
export function sceneDefaults(schema) {
  const group = (entries, namesOf) => {
    const byKey = new Map();
    for (const e of entries) {
      const key = namesOf(e).join('.');
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(e);
    }
    return byKey;
  };
  const same = (list) => list.every((e) => JSON.stringify(e.value) === JSON.stringify(list[0].value));
  const result = new Map();
  for (const [key, list] of group(collectDefaults(schema), (e) => e.names)) {
    if (same(list)) {
      result.set(key, { names: list[0].names, value: list[0].value, node: list[0].node });
      continue;
    }
    for (const [qualifiedKey, variants] of group(list, (e) => e.qualified)) {
      if (!same(variants) || qualifiedKey === key)
        throw new Error(`${schemaPath}: ${qualifiedKey} has two defaults, ${variants.map((e) => JSON.stringify(e.value)).join(' and ')}`);
      result.set(qualifiedKey, { names: variants[0].qualified, value: variants[0].value, node: variants[0].node });
    }
  }
  return result;
}

const identifier = (names) =>
  'k' + names.map((n) => n.replace(/(^|[-_])([a-z])/g, (_, __, c) => c.toUpperCase()).replace(/^[a-z]/, (c) => c.toUpperCase())).join('');

function cppDeclaration(name, value, node) {
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (typeof value === 'boolean') return `inline constexpr bool ${name} = ${value};`;
  if (typeof value === 'string') return `inline constexpr std::string_view ${name} = ${JSON.stringify(value)};`;
  if (typeof value === 'number') {
    if (type === 'integer') return `inline constexpr long long ${name} = ${value};`;
    return `inline constexpr double ${name} = ${Number.isInteger(value) ? value.toFixed(1) : String(value)};`;
  }
  if (Array.isArray(value) && value.every((x) => typeof x === 'number'))
    return `inline constexpr std::array<double, ${value.length}> ${name} = {${value.map((x) => String(x)).join(', ')}};`;
  throw new Error(`${schemaPath}: the default of ${name} (${JSON.stringify(value)}) has no C++ form`);
}

export function generate(repo) {
  const schema = JSON.parse(readFileSync(join(repo, schemaPath), 'utf8'));
  const byName = sceneDefaults(schema);
  const lines = [];
  const table = [];
  for (const [key, { names, value, node }] of byName) {
    const name = identifier(names);
    lines.push(cppDeclaration(name, value, node));
    table.push(`    {${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(value))}},`);
  }
  const text = `#pragma once
// Generated by scripts/generate/scene_defaults.mjs from ${schemaPath}: do not edit.
// The value of every field a scene may leave out, as the schema's \`default\`s declare it.
#include <array>
#include <string_view>

namespace fw::scene_defaults {

${lines.join('\n')}

// Every default above by its place in a scene ("world.solver.iterations") and its JSON text, for
// the test that checks the parser against the schema.
struct Entry {
  std::string_view field;
  std::string_view json;
};
inline constexpr std::array<Entry, ${table.length}> kAll = {{
${table.join('\n')}
}};

}  // namespace fw::scene_defaults
`;
  return [['core/scene/scene_defaults.generated.h', text]];
}
