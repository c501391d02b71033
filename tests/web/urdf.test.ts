// URDF import (web/src/urdf): the sample robots convert to scenes the schema and the engine
// accept; the converted physics matches closed forms derived from the URDF numbers; every kind
// of bad input is refused with a message naming its place.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { quaternionToMatrix, rotateInertia, type Mat3 } from '../../web/src/math/math3d';
import { urdfToScene } from '../../web/src/urdf/urdf_to_scene';
import { loadEngineInNode, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SAMPLES = ['two-link-arm.urdf', 'six-dof-arm.urdf'];
const readUrdf = (file: string): string => readFileSync(repoPath(`public/urdf/${file}`), 'utf8');
const convert = (xml: string, file = 'test.urdf') => urdfToScene(xml, file) as { scene: Json; notices: string[] };

const schema = JSON.parse(readFileSync(repoPath('public/schema/scene.schema.json'), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, strictTuples: false, strictRequired: false }).compile(schema);
const schemaErrors = (scene: unknown): string =>
  validate(scene) ? '' : (validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message}`).join('\n');

/** A URDF document around the given links and joints. */
const robot = (body: string, name = 'test_robot') => `<?xml version="1.0"?>\n<robot name="${name}">\n${body}\n</robot>\n`;
const massive = (name: string, extra = '') =>
  `<link name="${name}"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>${extra}</link>`;
const joint = (name: string, type: string, parent: string, child: string, extra = '') =>
  `<joint name="${name}" type="${type}"><parent link="${parent}"/><child link="${child}"/>${extra}</joint>`;

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

function loaded(scene: Json): Simulation {
  const sim = new engine.Simulation();
  expect(sim.load(JSON.stringify(scene))).toBe('');
  return sim;
}
const jointInfo = (sim: Simulation, name: string) =>
  (JSON.parse(sim.jointsJson()) as { name: string; qIndex: number; vIndex: number }[]).find((j) => j.name === name)!;
const velocities = (sim: Simulation) => new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv());
const positions = (sim: Simulation) => new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq());
const linkOf = (scene: Json, name: string): Json => scene.articulations[0].links.find((l: Json) => l.name === name);

/** A box of the link's mass, turned by its quaternion, has exactly the link's inertia tensor. */
function expectBoxMatchesInertial(box: Json, inertial: Json) {
  expect(box.type).toBe('box');
  const m = inertial.mass;
  const [a, b, c] = box.size as number[];
  const own: Mat3 = [[(m * (b * b + c * c)) / 12, 0, 0], [0, (m * (a * a + c * c)) / 12, 0], [0, 0, (m * (a * a + b * b)) / 12]];
  const inLink = rotateInertia(quaternionToMatrix(box.quaternion ?? [1, 0, 0, 0]), own);
  const I = inertial.inertia;
  const expected = [[I.ixx, I.ixy ?? 0, I.ixz ?? 0], [I.ixy ?? 0, I.iyy, I.iyz ?? 0], [I.ixz ?? 0, I.iyz ?? 0, I.izz]];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(inLink[i][j]).toBeCloseTo(expected[i][j], 10);
}

describe('URDF samples', () => {
  it.each(SAMPLES)('%s converts to a scene the schema and the engine accept, and runs', (file) => {
    const { scene, notices } = convert(readUrdf(file), file);
    expect(schemaErrors(scene)).toBe('');
    expect(scene.meta.description).toContain(`Imported from ${file}`);
    expect(scene.meta.observe).toEqual(notices);
    const sim = loaded(scene);
    sim.step(480);
    expect(sim.time()).toBeCloseTo(2, 9);
    expect([...positions(sim)].every(Number.isFinite)).toBe(true);
    sim.delete();
  });

  it('two-link arm: links parents first, limits, fixed root with a notice, the massless tip kept massless', () => {
    const { scene, notices } = convert(readUrdf('two-link-arm.urdf'));
    const links = scene.articulations[0].links;
    expect(links.map((l: Json) => l.name)).toEqual(['pedestal', 'upper_arm', 'forearm', 'tip']);
    expect(links[0].joint).toEqual({ type: 'fixed' });
    expect(links[2].joint).toEqual({ type: 'revolute', axis: [0, 1, 0], origin: { position: [0, 0, 0.5] }, limits: { lower: -2.6, upper: 2.6 } });
    expect(links[3]).toEqual({ name: 'tip', parent: 'forearm', joint: { type: 'fixed', origin: { position: [0, 0, 0.4] } } });
    expect(links[2].shapes[0]).toMatchObject({ type: 'cylinder', radius: 0.025, length: 0.4, position: [0, 0, 0.2] });
    expect(links[0].shapes[0].color).toBe('rgb(102, 102, 120)');
    expect(notices).toEqual(['The root link "pedestal" is fixed to the world at the origin (the URDF has no floating joint).']);
    expect(scene.bodies[0]).toMatchObject({ name: 'ground', static: true, shapes: [{ type: 'plane' }] });
  });

  it('two-link arm: joint accelerations from rest match the closed form from the URDF numbers', () => {
    // From two-link-arm.urdf: both joints about y, link frames along +z at q = 0.
    const [m1, c1, I1, L1] = [1.2, 0.25, 0.02525, 0.5];
    const [m2, c2, I2] = [0.8, 0.2, 0.010791666666667];
    const g = 9.81;
    const [q1, q2] = [0.6, -0.9];
    // Turning by q about y takes z to (sin q, 0, cos q): V = g Σ m·height, τ = −∂V/∂q.
    const tau2 = g * m2 * c2 * Math.sin(q1 + q2);
    const tau1 = g * (m1 * c1 + m2 * L1) * Math.sin(q1) + tau2;
    const M11 = I1 + m1 * c1 * c1 + I2 + m2 * (L1 * L1 + c2 * c2 + 2 * L1 * c2 * Math.cos(q2));
    const M12 = I2 + m2 * (c2 * c2 + L1 * c2 * Math.cos(q2));
    const M22 = I2 + m2 * c2 * c2;
    const det = M11 * M22 - M12 * M12;
    const expected = [(M22 * tau1 - M12 * tau2) / det, (M11 * tau2 - M12 * tau1) / det];

    const { scene } = convert(readUrdf('two-link-arm.urdf'));
    linkOf(scene, 'upper_arm').joint.position = q1;
    linkOf(scene, 'forearm').joint.position = q2;
    const sim = loaded(scene);
    const [shoulder, elbow] = [jointInfo(sim, 'two_link_arm/upper_arm'), jointInfo(sim, 'two_link_arm/forearm')];
    sim.step(1); // semi-implicit Euler from rest: q̇ = h·q̈(q0)
    const v = velocities(sim);
    const accelerations = [v[shoulder.vIndex], v[elbow.vIndex]].map((x) => x / sim.timestep());
    expect(accelerations[0]).toBeCloseTo(expected[0], 6);
    expect(accelerations[1]).toBeCloseTo(expected[1], 6);
    sim.delete();
  });

  it('two-link arm: masses and centres of mass reach the engine', () => {
    const sim = loaded(convert(readUrdf('two-link-arm.urdf')).scene);
    const bodies = JSON.parse(sim.bodiesJson()) as { name: string; mass: number; centerOfMass: number[] }[];
    const byName = new Map(bodies.map((b) => [b.name, b]));
    expect(byName.get('two_link_arm/upper_arm')!.mass).toBeCloseTo(1.2, 12);
    expect(byName.get('two_link_arm/forearm')!.centerOfMass).toEqual([0, 0, 0.2]);
    const armMass = bodies.filter((b) => b.name.startsWith('two_link_arm/')).reduce((sum, b) => sum + b.mass, 0);
    expect(armMass).toBeCloseTo(6 + 1.2 + 0.8, 12); // the tip adds nothing
    sim.delete();
  });

  it('six-DoF arm: damping, Coulomb friction, a continuous joint and limits carry over', () => {
    const { scene } = convert(readUrdf('six-dof-arm.urdf'));
    expect(linkOf(scene, 'upper_arm_link').joint).toMatchObject({ damping: 2, friction: 1, limits: { lower: -2.2, upper: 2.2 } });
    const flange = linkOf(scene, 'flange_link').joint;
    expect(flange).toEqual({ type: 'revolute', axis: [0, 0, 1], origin: { position: [0, 0, 0.1] }, damping: 0.2 });
    expect(scene.articulations[0].links).toHaveLength(8);
  });

  it('six-DoF arm: the wrist mesh becomes a box of the same mass and principal inertias, with a notice', () => {
    const { scene, notices } = convert(readUrdf('six-dof-arm.urdf'));
    expect(notices).toContainEqual(expect.stringMatching(/^Link "wrist_2_link": mesh "package:\/\/six_dof_arm_description\/meshes\/wrist\.stl" replaced by a box/));
    const wrist = linkOf(scene, 'wrist_2_link');
    expect(wrist.shapes).toHaveLength(1);
    expect(wrist.shapes[0].position).toEqual([0, 0, 0.05]);
    expectBoxMatchesInertial(wrist.shapes[0], wrist.inertial);
  });

  it('a mesh box follows the principal axes of an inertia turned in no special way', () => {
    const xml = robot(`<link name="part"><inertial><origin xyz="0.1 0.2 0.3" rpy="0.3 -0.4 0.7"/><mass value="2"/>
        <inertia ixx="0.03" iyy="0.02" izz="0.015"/></inertial>
      <collision><geometry><mesh filename="part.stl"/></geometry></collision></link>`);
    const part = linkOf(convert(xml).scene, 'part');
    expect(part.inertial.inertia.ixy).not.toBeCloseTo(0, 6);
    expect(part.shapes[0].quaternion).toBeDefined();
    expect(part.shapes[0].position).toEqual([0.1, 0.2, 0.3]);
    expectBoxMatchesInertial(part.shapes[0], part.inertial);
  });
});

describe('URDF frames and inertials', () => {
  it('rotates the inertia from a turned inertial frame into the link frame, and the dynamics show it', () => {
    // A bar hanging 0.5 m below a hinge about y; its inertial frame is turned 90° about z, so the
    // frame's ixx = 0.1 is the link's iyy.
    const xml = robot(`<link name="world"/>
      <link name="bar"><inertial><origin xyz="0 0 -0.5" rpy="0 0 1.5707963267948966"/><mass value="2"/>
        <inertia ixx="0.1" iyy="0.02" izz="0.1"/></inertial></link>
      ${joint('hinge', 'continuous', 'world', 'bar', '<origin xyz="0 0 2"/><axis xyz="0 2 0"/>')}`);
    const { scene } = convert(xml);
    const bar = linkOf(scene, 'bar');
    expect(bar.joint.axis).toEqual([0, 1, 0]);
    expect(bar.inertial.com).toEqual([0, 0, -0.5]);
    expect(bar.inertial.inertia).toEqual({ ixx: 0.02, iyy: 0.1, izz: 0.1 });
    expect(schemaErrors(scene)).toBe('');

    const q0 = 0.4;
    bar.joint.position = q0;
    const sim = loaded(scene);
    sim.step(1);
    const qdd = velocities(sim)[jointInfo(sim, 'test_robot/bar').vIndex] / sim.timestep();
    expect(qdd).toBeCloseTo((-2 * 9.81 * 0.5 * Math.sin(q0)) / (0.1 + 2 * 0.5 * 0.5), 6);
    sim.delete();
  });

  it('honours joint origin rpy: a link placed along a pitched frame lands where the rotation says', () => {
    // Pitching +90° about y turns the parent's x axis into −z: 1 m along it from (0, 0, 1) is the origin.
    const xml = robot(`<link name="world"/>${massive('a')}${massive('b')}
      ${joint('tilt', 'fixed', 'world', 'a', '<origin xyz="0 0 1" rpy="0 1.5707963267948966 0"/>')}
      ${joint('reach', 'fixed', 'a', 'b', '<origin xyz="1 0 0"/>')}`);
    const { scene } = convert(xml);
    expect(linkOf(scene, 'a').joint.origin).toEqual({ position: [0, 0, 1], rpy: [0, 1.5707963267948966, 0] });
    const sim = loaded(scene);
    const names = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b) => b.name);
    const poses = new Float32Array(engine.HEAPF32.buffer, sim.posesPointer(), 7 * sim.bodyCount());
    const at = (name: string) => [...poses.slice(7 * names.indexOf(name), 7 * names.indexOf(name) + 3)];
    at('test_robot/a').forEach((x, i) => expect(x).toBeCloseTo([0, 0, 1][i], 6));
    at('test_robot/b').forEach((x, i) => expect(x).toBeCloseTo([0, 0, 0][i], 6));
    sim.delete();
  });

  it('a floating joint from an empty root makes a free-floating base', () => {
    const xml = robot(`<link name="world"/>${massive('body', '<collision><geometry><sphere radius="0.1"/></geometry></collision>')}
      ${joint('float', 'floating', 'world', 'body', '<origin xyz="0 0 1.5"/>')}`);
    const { scene, notices } = convert(xml);
    expect(scene.articulations[0].links).toEqual([expect.objectContaining({ name: 'body', joint: { type: 'free', origin: { position: [0, 0, 1.5] } } })]);
    expect(notices).toEqual(['Link "body" floats freely (floating joint "float").']);
    const sim = loaded(scene);
    const steps = 24;
    sim.step(steps);
    // Semi-implicit Euler's free fall after n steps: g·h²·n(n + 1)/2.
    const fallen = (9.81 * sim.timestep() ** 2 * steps * (steps + 1)) / 2;
    const poses = new Float32Array(engine.HEAPF32.buffer, sim.posesPointer(), 7 * sim.bodyCount());
    const index = (JSON.parse(sim.bodiesJson()) as { name: string }[]).findIndex((b) => b.name === 'test_robot/body');
    expect(poses[7 * index + 2]).toBeCloseTo(1.5 - fallen, 5);
    sim.delete();
  });

  it('massless moving links get a placeholder mass, visual-only geometry is drawn only, mesh without inertia is a sphere', () => {
    const xml = robot(`${massive('base')}
      <link name="hub"><visual><geometry><mesh filename="hub.dae"/></geometry></visual></link>
      ${joint('spin', 'continuous', 'base', 'hub', '<axis xyz="0 0 1"/>')}`);
    const { scene, notices } = convert(xml);
    const hub = linkOf(scene, 'hub');
    expect(hub.inertial.mass).toBe(0.001);
    expect(hub.shapes).toEqual([{ type: 'sphere', radius: 0.05, collision: { mask: 0 } }]);
    expect(notices).toContainEqual(expect.stringContaining('Link "hub": mesh "hub.dae" replaced by a 5 cm sphere'));
    expect(notices).toContainEqual(expect.stringContaining('Moving links without <inertial> ("hub")'));
    expect(notices).toContainEqual(expect.stringContaining('Links without <collision> ("hub")'));
    expect(schemaErrors(scene)).toBe('');
    loaded(scene).delete();
  });
});

describe('URDF errors name their place', () => {
  const arm = (elbowExtra: string, more = '') =>
    robot(`${massive('base')}${massive('upper')}${massive('fore')}
      ${joint('shoulder', 'revolute', 'base', 'upper', '<axis xyz="0 1 0"/><limit lower="-1" upper="1"/>')}
      ${joint('elbow', 'revolute', 'upper', 'fore', elbowExtra)}${more}`);
  const cases: Array<{ what: string; xml: string; message: string }> = [
    { what: 'an axis of 2 numbers', xml: arm('<axis xyz="0 1"/>'), message: 'bad.urdf: robot/joint "elbow"/axis: xyz needs 3 numbers, got "0 1"' },
    { what: 'a zero axis', xml: arm('<axis xyz="0 0 0"/>'), message: 'bad.urdf: robot/joint "elbow"/axis: axis must not be zero' },
    { what: 'a word in an origin', xml: arm('<origin xyz="0 0 half"/>'), message: 'bad.urdf: robot/joint "elbow"/origin: xyz needs 3 numbers, got "0 0 half"' },
    {
      what: 'an unknown parent link',
      xml: robot(`${massive('base')}${massive('arm')}${joint('shoulder', 'revolute', 'bsae', 'arm')}`),
      message: 'bad.urdf: robot/joint "shoulder"/parent: no link named "bsae"',
    },
    {
      what: 'an unknown child link',
      xml: robot(`${massive('base')}${joint('shoulder', 'revolute', 'base', 'arm')}`),
      message: 'bad.urdf: robot/joint "shoulder"/child: no link named "arm"',
    },
    {
      what: 'a link with two parents',
      xml: arm('', joint('second', 'fixed', 'base', 'fore')),
      message: 'bad.urdf: robot/joint "second": link "fore" already has a parent through joint "elbow": a link can have only one parent',
    },
    {
      what: 'a cycle through every link (no root)',
      xml: robot(`${massive('a')}${massive('b')}${massive('c')}${joint('ab', 'fixed', 'a', 'b')}${joint('bc', 'fixed', 'b', 'c')}${joint('ca', 'fixed', 'c', 'a')}`),
      message: 'bad.urdf: robot: no root link: the joints form a cycle "a" → "b" → "c" → "a"',
    },
    {
      what: 'a cycle beside a proper root',
      xml: robot(`${massive('root')}${massive('a')}${massive('b')}${joint('ab', 'fixed', 'a', 'b')}${joint('ba', 'fixed', 'b', 'a')}`),
      message: 'bad.urdf: robot: the joints form a cycle "a" → "b" → "a"',
    },
    {
      what: 'several roots',
      xml: robot(`${massive('base')}${massive('arm')}${massive('stray')}${joint('shoulder', 'fixed', 'base', 'arm')}`),
      message: 'bad.urdf: robot: several root links ("base", "stray"): the links must form one tree joined by joints',
    },
    {
      what: 'a planar joint',
      xml: robot(`${massive('base')}${massive('puck')}${joint('glide', 'planar', 'base', 'puck')}`),
      message: 'bad.urdf: robot/joint "glide": planar joints are not supported: Featherweight has no planar (2-D sliding) joint',
    },
    {
      what: 'an unknown joint type',
      xml: robot(`${massive('base')}${massive('arm')}${joint('shoulder', 'hinge', 'base', 'arm')}`),
      message: 'bad.urdf: robot/joint "shoulder": unknown joint type "hinge"',
    },
    {
      what: 'a floating joint below the root',
      xml: arm('', `${massive('loose')}${joint('drift', 'floating', 'fore', 'loose')}`),
      message: 'bad.urdf: robot/joint "drift": a floating joint can only attach the base to an empty root link',
    },
    {
      what: 'limits the wrong way round',
      xml: arm('<limit lower="1" upper="-1"/>'),
      message: 'bad.urdf: robot/joint "elbow"/limit: upper (-1) must be above lower (1)',
    },
    {
      what: 'an impossible inertia',
      xml: robot('<link name="rod"><inertial><mass value="1"/><inertia ixx="1" iyy="0.1" izz="0.1"/></inertial></link>'),
      message: 'bad.urdf: robot/link "rod"/inertial/inertia: principal moments violate the triangle inequality',
    },
    {
      what: 'a negative box size',
      xml: robot('<link name="crate"><collision><geometry><box size="1 -1 1"/></geometry></collision></link>'),
      message: 'bad.urdf: robot/link "crate"/collision/geometry/box: size must be 3 positive numbers, got "1 -1 1"',
    },
    { what: 'no robot element', xml: '<?xml version="1.0"?>\n<robo name="x"></robo>\n', message: 'bad.urdf: robot: expected one <robot> element, found 0' },
  ];

  it.each(cases)('$what', ({ xml, message }) => {
    expect(() => urdfToScene(xml, 'bad.urdf')).toThrow(message);
  });

  it('names the line and column of an XML syntax error', () => {
    const xml = robot(`${massive('base')}\n<link name="arm">\n  <inertial>\n</link>`);
    const line = xml.split('\n').findIndex((l) => l.includes('</link>') && !l.includes('<inertial>')) + 1;
    expect(() => urdfToScene(xml, 'broken.urdf')).toThrow(new RegExp(`^broken\\.urdf line ${line}, column \\d+: `));
  });
});
