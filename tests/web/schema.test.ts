// The JSON Schema of the scene format (public/schema/scene.schema.json) compiles in strict mode,
// accepts every shipped scene and the whole v1 format, and rejects broken scenes at the same
// JSON Pointer the C++ loader names.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));
const scenesDir = `${publicDir}scenes/`;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8'));
const schema = readJson(`${publicDir}schema/scene.schema.json`);
const sceneFiles = readdirSync(scenesDir).filter((f) => f.endsWith('.json')).sort();

// strictTuples is off because "links" is a tuple-with-rest (the root first, then children).
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTuples: false, strictRequired: false });
const validate = ajv.compile(schema);

const errorsOf = (scene: unknown): ErrorObject[] => (validate(scene) ? [] : [...(validate.errors ?? [])]);
// The JSON Pointer an error is about, in the loader's terms: an unknown or missing field is
// named by its own pointer, not by its parent object's.
function pointerOf(e: ErrorObject): string {
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  if (e.keyword === 'additionalProperties') return `${e.instancePath}/${escape(e.params.additionalProperty)}`;
  if (e.keyword === 'required') return `${e.instancePath}/${escape(e.params.missingProperty)}`;
  return e.instancePath;
}
const describeErrors = (errors: ErrorObject[]) => errors.map((e) => `${pointerOf(e) || '/'}: ${e.message}`).join('\n');
const pendulum = (): Json => readJson(`${scenesDir}pendulum.json`);

// RFC 6901: the value a JSON Pointer names, or undefined.
function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

describe('scene schema', () => {
  it('is a valid draft 2020-12 schema titled "Featherweight scene"', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.title).toBe('Featherweight scene');
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it('describes every property it defines', () => {
    const missing: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const object = node as Json;
      if (object.properties && typeof object.properties === 'object') {
        for (const [name, sub] of Object.entries(object.properties as Json)) {
          // Restating a field inside a branch (if/then, anyOf) needs no second description.
          const isRestatement = /\/(if|then|else|anyOf|allOf|not)(\/|$)/.test(path);
          if (!isRestatement && typeof (sub as Json).description !== 'string') missing.push(`${path}/properties/${name}`);
        }
      }
      for (const [key, value] of Object.entries(object)) walk(value, `${path}/${key}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('finds the shipped scenes', () => {
    expect(sceneFiles).toContain('pendulum.json');
    expect(sceneFiles.length).toBeGreaterThanOrEqual(10);
  });

  it.each(sceneFiles)('accepts public/scenes/%s', (file) => {
    const errors = errorsOf(readJson(`${scenesDir}${file}`));
    expect(errors, describeErrors(errors)).toEqual([]);
  });

  // The loader checks these too; the page relies on them for its sliders and plots.
  it.each(sceneFiles)('%s: slider paths name numbers, plots name links of the scene', (file) => {
    const scene = readJson(`${scenesDir}${file}`);
    for (const slider of scene.meta?.sliders ?? []) {
      expect(typeof resolvePointer(scene, slider.path), `${file}: ${slider.path}`).toBe('number');
      expect(slider.min).toBeLessThan(slider.max);
    }
    const names = new Set<string>();
    for (const body of scene.bodies ?? []) names.add(body.name);
    for (const a of scene.articulations ?? []) for (const link of a.links) names.add(`${a.name}/${link.name}`);
    for (const plot of scene.meta?.plots ?? []) {
      const target = plot.joint ?? plot.body;
      if (target !== undefined) expect(names, `${file}: plot of ${target}`).toContain(target);
    }
  });

  it('accepts the whole v1 format, including what the loader does not honour yet', () => {
    const scene = pendulum();
    scene.world = {
      gravity: [0, 0, -9.81], timestep: 0.002, integrator: 'rk45', dynamics: 'crba', stepping: 'accurate',
      tolerance: { absolute: 1e-9, relative: 1e-7 }, minStep: 1e-8, maxStep: 0.001, solver: { iterations: 20 },
    };
    scene.materials = { wood: { density: 700, friction: 0.4, restitution: 0.3 }, steel: { density: 7800 } };
    const link0 = scene.articulations[0].links[0];
    link0.joint.damping = 0.01;
    link0.joint.friction = 0.02;
    link0.joint.spring = { stiffness: 3, rest: 0.1 };
    link0.joint.limits = { lower: -1, upper: 1, restitution: 0.5 };
    link0.joint.motor = { mode: 'velocity', targetVelocity: 1, maxEffort: 5 };
    link0.drag = { linear: 0.1, angular: 0.01 };
    link0.inertial.inertia = { ixx: 0.01, iyy: 0.01, izz: 0.001, ixy: 0, ixz: 0, iyz: 0 };
    link0.shapes.push({ type: 'box', size: [0.1, 0.2, 0.3], material: 'wood', rpy: [0, 0.1, 0], color: 'steelblue' });
    link0.shapes.push({ type: 'capsule', radius: 0.02, length: 0.3, density: 500, quaternion: [1, 0, 0, 0] });
    link0.shapes.push({ type: 'convex', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], material: 'steel' });
    scene.articulations[0].links.push(
      { name: 'ball', parent: 'rod', joint: { type: 'spherical', origin: { position: [0, 0, -1] }, position: { rpy: [0.1, 0, 0] },
        velocity: [0, 0, 1], damping: 0.1, limits: { cone: 0.5, restitution: 0.2 } },
        inertial: { mass: 0.5, com: [0, 0, -0.2] } },
      { name: 'slider', parent: 'ball', joint: { type: 'prismatic', axis: [0, 0, 1], position: 0.1, velocity: 0,
        motor: { mode: 'position', target: 0.2, stiffness: 50, damping: 2 } }, shapes: [{ type: 'cylinder', radius: 0.05, length: 0.1 }] },
      { name: 'weld', parent: 'slider', joint: { type: 'fixed', origin: { position: [0, 0, 0.1] } } },
    );
    scene.articulations[0].selfCollision = false;
    scene.articulations.push({ name: 'floating', links: [{ name: 'base', joint: { type: 'free',
      position: { position: [1, 0, 1], quaternion: [1, 0, 0, 0] }, velocity: { linear: [0, 0, 1], angular: [0, 1, 0] } },
      shapes: [{ type: 'sphere', radius: 0.1 }] }] });
    scene.bodies = [
      { name: 'floor', static: true, shapes: [{ type: 'plane', material: 'wood' }] },
      { name: 'crate', position: [0, 0, 2], rpy: [0, 0, 0.3], linearVelocity: [1, 0, 0], angularVelocity: [0, 0, 1],
        kinematic: false, shapes: [{ type: 'box', size: [0.2, 0.2, 0.2] }], drag: { linear: 0.01 } },
    ];
    scene.constraints = [
      { name: 'tether', type: 'ball', a: 'pendulum/rod', b: 'crate', pointA: [0, 0, -1], pointB: [0, 0, 0.1] },
      { type: 'universal', a: 'world', b: 'floating/base', anchor: [1, 0, 1.2], axis: [1, 0, 0], axis2: [0, 1, 0] },
      { type: 'hinge', a: 'crate', b: 'floor', anchor: [0, 0, 2], axis: [0, 0, 1] },
    ];
    scene.articulations[1].joints = 'impulse';
    scene.world.jointCorrection = { tolerance: 1e-6, iterations: 20, maxSpeed: 0.5 };
    scene.meta.plots.push({ quantity: 'body.position', body: 'crate', label: 'crate' }, { quantity: 'momentum' });
    scene.controller = { source: 'export function control(ctx) {}', rate: 100 };
    const errors = errorsOf(scene);
    expect(errors, describeErrors(errors)).toEqual([]);
  });

  // Each case edits the pendulum and must be refused at the pointer the C++ loader would name.
  const broken: Array<{ what: string; at: string; edit: (s: Json) => void }> = [
    { what: 'an axis of 2 numbers', at: '/articulations/0/links/0/joint/axis', edit: (s) => { s.articulations[0].links[0].joint.axis = [0, 1]; } },
    { what: 'a zero axis', at: '/articulations/0/links/0/joint/axis', edit: (s) => { s.articulations[0].links[0].joint.axis = [0, 0, 0]; } },
    { what: 'an unknown field', at: '/world/gravty', edit: (s) => { s.world.gravty = [0, 0, -1]; } },
    { what: 'an unknown top-level field', at: '/scenery', edit: (s) => { s.scenery = {}; } },
    { what: 'an unknown joint field', at: '/articulations/0/links/0/joint/stiffness', edit: (s) => { s.articulations[0].links[0].joint.stiffness = 3; } },
    { what: 'a negative mass', at: '/articulations/0/links/0/inertial/mass', edit: (s) => { s.articulations[0].links[0].inertial.mass = -1; } },
    { what: 'the wrong format string', at: '/format', edit: (s) => { s.format = 'something-else'; } },
    { what: 'a bad joint type', at: '/articulations/0/links/0/joint/type', edit: (s) => { s.articulations[0].links[0].joint.type = 'hinged'; } },
    { what: 'a future version', at: '/version', edit: (s) => { s.version = 2; } },
    { what: 'a missing version', at: '/version', edit: (s) => { delete s.version; } },
    { what: 'a missing joint', at: '/articulations/0/links/0/joint', edit: (s) => { delete s.articulations[0].links[0].joint; } },
    { what: 'a zero time step', at: '/world/timestep', edit: (s) => { s.world.timestep = 0; } },
    { what: 'a time step above 0.1 s', at: '/world/timestep', edit: (s) => { s.world.timestep = 0.5; } },
    { what: 'a string for a number', at: '/world/timestep', edit: (s) => { s.world.timestep = 'fast'; } },
    { what: 'an unknown integrator', at: '/world/integrator', edit: (s) => { s.world.integrator = 'verlet'; } },
    { what: 'a negative radius', at: '/articulations/0/links/0/shapes/0/radius', edit: (s) => { s.articulations[0].links[0].shapes[0].radius = -0.1; } },
    { what: 'a box with a zero side', at: '/articulations/0/links/0/shapes/0/size/1', edit: (s) => { s.articulations[0].links[0].shapes[0] = { type: 'box', size: [1, 0, 1] }; } },
    { what: 'a sphere given a length', at: '/articulations/0/links/0/shapes/0/length', edit: (s) => { s.articulations[0].links[0].shapes[0].length = 1; } },
    { what: 'a quaternion of 3 numbers', at: '/articulations/0/links/0/joint/origin/quaternion', edit: (s) => { s.articulations[0].links[0].joint.origin.quaternion = [1, 0, 0]; } },
    { what: 'both quaternion and rpy', at: '/articulations/0/links/0/joint/origin', edit: (s) => { Object.assign(s.articulations[0].links[0].joint.origin, { quaternion: [1, 0, 0, 0], rpy: [0, 0, 0] }); } },
    { what: 'an axis on a spherical joint', at: '/articulations/0/links/0/joint/axis', edit: (s) => { s.articulations[0].links[0].joint.type = 'spherical'; } },
    { what: 'a second root (no parent)', at: '/articulations/0/links/1/parent', edit: (s) => { s.articulations[0].links.push({ name: 'b', joint: { type: 'fixed' } }); } },
    { what: 'a free joint below the root', at: '/articulations/0/links/1/joint/type', edit: (s) => { s.articulations[0].links.push({ name: 'b', parent: 'rod', joint: { type: 'free' }, inertial: { mass: 1 } }); } },
    { what: 'a moving link without mass', at: '/articulations/0/links/0/inertial', edit: (s) => { delete s.articulations[0].links[0].inertial; s.articulations[0].links[0].shapes = []; } },
    { what: 'a name with a slash', at: '/articulations/0/name', edit: (s) => { s.articulations[0].name = 'a/b'; } },
    { what: 'an empty scene', at: '/articulations', edit: (s) => { s.articulations = []; } },
    { what: 'a negative inertia', at: '/articulations/0/links/0/inertial/inertia/ixx', edit: (s) => { s.articulations[0].links[0].inertial.inertia = { ixx: -1, iyy: 1, izz: 1 }; } },
    { what: 'a joint.q plot without its joint', at: '/meta/plots/1/joint', edit: (s) => { delete s.meta.plots[1].joint; } },
    { what: 'a slider path that is no JSON Pointer', at: '/meta/sliders/0/path', edit: (s) => { s.meta.sliders[0].path = 'articulations.0'; } },
    { what: 'a field of view of 180°', at: '/camera/fov', edit: (s) => { s.camera.fov = 180; } },
    { what: 'a restitution above 1', at: '/materials/rubber/restitution', edit: (s) => { s.materials = { rubber: { restitution: 1.5 } }; } },
    { what: 'an unknown motor mode', at: '/articulations/0/links/0/joint/motor/mode', edit: (s) => { s.articulations[0].links[0].joint.motor = { mode: 'torque' }; } },
    { what: 'an unknown way of simulating joints', at: '/articulations/0/joints', edit: (s) => { s.articulations[0].joints = 'maximal'; } },
    { what: 'an unknown constraint type', at: '/constraints/0/type', edit: (s) => { s.constraints = [{ type: 'weld', a: 'world', b: 'pendulum/rod', anchor: [0, 0, 1.5] }]; } },
    { what: 'a controller without its source', at: '/controller/source', edit: (s) => { s.controller = { rate: 100 }; } },
    { what: 'a controller rate of 0', at: '/controller/rate', edit: (s) => { s.controller = { source: '', rate: 0 }; } },
    { what: 'a constraint correction of 0 passes', at: '/world/jointCorrection/iterations', edit: (s) => { s.world.jointCorrection = { iterations: 0 }; } },
    { what: '0 solver iterations', at: '/world/solver/iterations', edit: (s) => { s.world.solver = { iterations: 0 }; } },
    { what: '0 position iterations', at: '/world/solver/positionIterations', edit: (s) => { s.world.solver = { positionIterations: 0 }; } },
    { what: '0 substeps', at: '/world/solver/substeps', edit: (s) => { s.world.solver = { substeps: 0 }; } },
    { what: 'more than 1000 constraints', at: '/constraints', edit: (s) => { s.constraints = Array.from({ length: 1001 }, (_, i) => ({ type: 'ball', a: 'world', b: 'pendulum/rod', anchor: [0, 0, i] })); } },
    { what: 'more than 10000 bodies', at: '/bodies', edit: (s) => { s.bodies = Array.from({ length: 10001 }, (_, i) => ({ name: `b${i}`, inertial: { mass: 1 } })); } },
  ];

  it.each(broken)('rejects $what at $at', ({ at, edit }) => {
    const scene = pendulum();
    edit(scene);
    const errors = errorsOf(scene);
    expect(errors.length, 'the schema accepted it').toBeGreaterThan(0);
    expect(errors.map(pointerOf), describeErrors(errors)).toContain(at);
  });
});
