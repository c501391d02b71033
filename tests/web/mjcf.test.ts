// MJCF import (web/src/mjcf): every sample converts and loads; defaults, child classes, angles,
// fromto and fullinertia resolve as MuJoCo resolves them; the same file gives the same motion in
// MuJoCo's wasm and in Featherweight; bad files name the element.
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadEngineInNode, repoPath } from './engine';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sample = (name: string) => readFileSync(repoPath(`public/mjcf/${name}`), 'utf8');
const convert = (xml: string) => mjcfToScene(xml, 'test.xml').scene as Json;
const model = (body: string, head = '') => `<mujoco model="t">${head}<worldbody>${body}</worldbody></mujoco>`;

function load(scene: object): Simulation {
  const sim = new engine.Simulation();
  expect(sim.load(JSON.stringify(scene))).toBe('');
  return sim;
}

describe('MJCF samples', () => {
  const files = readdirSync(repoPath('public/mjcf')).filter((f) => f.endsWith('.xml'));
  it('are all there', () => expect(files.sort()).toEqual(['acrobot.xml', 'cart-pole.xml', 'hopper.xml', 'humanoid-ragdoll.xml', 'reacher.xml']));
  it.each(files)('%s converts, loads and runs 1 s staying finite', (file) => {
    const sim = load(convert(sample(file)));
    sim.step(Math.round(1 / sim.timestep()));
    expect(sim.stepError()).toBe('');
    const q = new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq());
    expect(q.every(Number.isFinite)).toBe(true);
    sim.delete();
  });
  it('the humanoid ragdoll has 17 bodies and the hopper a three-joint torso', () => {
    const ragdoll = convert(sample('humanoid-ragdoll.xml'));
    expect(ragdoll.articulations[0].links).toHaveLength(17);
    const hopper = convert(sample('hopper.xml'));
    expect(hopper.articulations[0].links.slice(0, 3).map((l: Json) => l.joint.type)).toEqual(['prismatic', 'prismatic', 'revolute']);
  });
});

// The same file in MuJoCo (mujoco-js, MuJoCo 3.3's wasm): the first keyframe, then 1 s of steps.
let mujoco: any; // eslint-disable-line @typescript-eslint/no-explicit-any
async function mujocoRun(xml: string, seconds: number): Promise<number[]> {
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  mujoco ??= await M();
  const mj = mujoco;
  if (!mj.FS.analyzePath('/m').exists) mj.FS.mkdir('/m');
  mj.FS.writeFile('/m/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/m/model.xml');
  const d = new mj.MjData(m);
  mj.mj_resetDataKeyframe(m, d, 0);
  const steps = Math.round(seconds / m.opt.timestep);
  for (let k = 0; k < steps; k++) mj.mj_step(m, d);
  const q = Array.from(d.qpos as Float64Array);
  d.delete();
  m.delete();
  return q;
}

describe('agreement with MuJoCo on the same file', () => {
  it.each(['cart-pole.xml', 'acrobot.xml'])('%s: joint positions within 1e-8 after 1 s (RK4, 1 ms, contacts off)', async (file) => {
    const xml = sample(file);
    const expected = await mujocoRun(xml, 1);
    const sim = load(convert(xml));
    expect(sim.timestep()).toBe(0.001);
    const start = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()));
    sim.step(1000);
    const q = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()));
    expect(q).toHaveLength(expected.length);
    for (let k = 0; k < q.length; k++) expect(Math.abs(q[k] - expected[k]), `q${k}: ${q[k]} vs ${expected[k]}`).toBeLessThan(1e-8);
    expect(Math.max(...q.map((x, k) => Math.abs(x - start[k])))).toBeGreaterThan(0.01); // it moved
    sim.delete();
  });
});

describe('MJCF semantics', () => {
  it('resolves default classes, nested classes and childclass as MuJoCo does', () => {
    const scene = convert(`<mujoco><default>
        <joint damping="1" stiffness="0"/><geom type="sphere" size="0.1" density="500"/>
        <default class="arm"><joint damping="2"/><geom type="capsule" size="0.03 0.2"/>
          <default class="hand"><joint damping="3" frictionloss="0.5"/></default>
        </default>
      </default><worldbody>
        <body name="a"><joint type="hinge"/><geom/>
          <body name="b" childclass="arm"><joint type="hinge"/><geom/>
            <body name="c"><joint type="hinge" class="hand"/><geom class="main"/>
              <body name="d"><joint type="hinge" damping="7"/><geom/></body>
            </body>
          </body>
        </body>
      </worldbody></mujoco>`);
    const links = scene.articulations[0].links as Json[];
    expect(links.map((l) => l.joint.damping)).toEqual([1, 2, 3, 7]);
    expect(links[2].joint.friction).toBe(0.5);
    expect(links.map((l) => l.shapes[0].type)).toEqual(['sphere', 'capsule', 'sphere', 'capsule']);
    expect(links[0].shapes[0].density).toBe(500);
    expect(links[1].shapes[0]).toMatchObject({ radius: 0.03, length: 0.4 });
  });

  it('reads angles in degrees by default and in radians when the compiler says so', () => {
    const body = '<body euler="0 90 0"><joint type="hinge" range="-45 45"/><geom size="0.1"/></body>';
    const degrees = convert(model(body)).articulations[0].links[0].joint;
    expect(degrees.limits.lower).toBeCloseTo(-Math.PI / 4, 12);
    expect(degrees.origin.quaternion[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(degrees.origin.quaternion[2]).toBeCloseTo(Math.SQRT1_2, 12);
    const radians = convert(model(body.replace('0 90 0', '0 1.5707963267948966 0').replace('-45 45', '-0.5 0.5'), '<compiler angle="radian"/>'));
    expect(radians.articulations[0].links[0].joint.limits.lower).toBe(-0.5);
    expect(radians.articulations[0].links[0].joint.origin.quaternion[0]).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('turns a fromto capsule into a centred capsule along the segment', () => {
    const shape = convert(model('<body><joint/><geom type="capsule" fromto="0 0 0 0.3 0 0.4" size="0.05"/></body>')).articulations[0].links[0].shapes[0];
    expect(shape).toMatchObject({ type: 'capsule', radius: 0.05, length: 0.5, position: [0.15, 0, 0.2] });
    const [w, x, y, z] = shape.quaternion as number[];
    // The capsule's z axis (R e_z) points along the segment (0.6, 0, 0.8).
    const zAxis = [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
    expect(zAxis[0]).toBeCloseTo(0.6, 12);
    expect(zAxis[1]).toBeCloseTo(0, 12);
    expect(zAxis[2]).toBeCloseTo(0.8, 12);
  });

  it('keeps a full inertia with its products, turned by the inertial frame', () => {
    const inertial = convert(model('<body><joint/><inertial pos="0.1 0 0" mass="2" fullinertia="0.3 0.2 0.1 0.01 0.02 0.03"/></body>')).articulations[0].links[0].inertial;
    expect(inertial).toEqual({ mass: 2, com: [0.1, 0, 0], inertia: { ixx: 0.3, iyy: 0.2, izz: 0.1, ixy: 0.01, ixz: 0.02, iyz: 0.03 } });
    const turned = convert(model('<body><joint/><inertial mass="1" quat="0.7071067811865476 0 0 0.7071067811865476" diaginertia="0.1 0.2 0.3"/></body>', '<compiler angle="radian"/>'));
    const I = turned.articulations[0].links[0].inertial.inertia;
    expect(I.ixx).toBeCloseTo(0.2, 12);
    expect(I.iyy).toBeCloseTo(0.1, 12);
  });

  it('puts the link frame on the joint: a joint pos shifts geoms, inertial and children back', () => {
    const links = convert(model('<body pos="0 0 1"><joint type="hinge" pos="0 0 0.5"/><geom size="0.1" pos="0 0 -0.5"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><body pos="0 0 -1"><joint/><geom size="0.1"/></body></body>')).articulations[0].links;
    expect(links[0].joint.origin.position).toEqual([0, 0, 1.5]);
    expect(links[0].shapes[0].position).toEqual([0, 0, -1]);
    expect(links[0].inertial.com).toEqual([0, 0, -0.5]);
    expect(links[1].joint.origin.position).toEqual([0, 0, -1.5]);
  });
});

describe('bad MJCF files name the element', () => {
  const problem = (xml: string) => {
    try {
      mjcfToScene(xml, 'bad.xml');
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };
  it('malformed XML: the line and column', () => expect(problem('<mujoco>\n<worldbody>\n<body>\n</mujoco>')).toMatch(/^bad\.xml line \d+, column \d+/));
  it('a geom without size', () => expect(problem(model('<body name="arm"><joint/><geom name="g" type="box"/></body>'))).toBe('bad.xml: mujoco/worldbody/body "arm"/geom "g": a box geom needs size'));
  it('an unknown joint type', () => expect(problem(model('<body name="a"><joint name="j" type="screw"/><geom size="1"/></body>'))).toMatch(/body "a"\/joint "j": unknown joint type "screw"/));
  it('a body name used twice (the tree would be ambiguous)', () => expect(problem(model('<body name="a"><joint/><geom size="1"/><body name="a"><joint/><geom size="1"/></body></body>'))).toMatch(/a second body named "a"/));
  it('a constraint that closes a body on itself', () =>
    expect(problem(model('<body name="a"><joint/><geom size="1"/></body>') .replace('</mujoco>', '<equality><connect name="c" body1="a" body2="a" anchor="0 0 0"/></equality></mujoco>'))).toMatch(/equality\/connect "c": joins body "a" to itself/));
  it('an include without the files it names', () => expect(problem('<mujoco><include file="x.xml"/><worldbody/></mujoco>')).toMatch(/^bad\.xml: <include file="x\.xml">: this model includes other files: open it together with them/));
  it('an unknown default class', () => expect(problem(model('<body><joint class="nope"/><geom size="1"/></body>'))).toMatch(/class "nope" is not a default class/));
  it('lists what it ignored, once', () => {
    const { notices } = mjcfToScene(model('<body><joint margin="0.1"/><geom size="1" condim="3" margin="0.1"/><site name="s"/></body><light/>', '<sensor/><tendon/>'), 'x.xml');
    const ignored = notices.filter((n) => n.startsWith('Ignored'));
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatch(/<sensor>.*<tendon>.*geom condim.*geom margin.*joint margin/);
  });
});

describe('round trips', () => {
  const shipped = (file: string) => JSON.parse(readFileSync(repoPath(`public/scenes/${file}`), 'utf8')) as Json;
  const qAfter = (scene: object, seconds: number) => {
    const sim = load(scene);
    sim.step(Math.round(seconds / sim.timestep()));
    const q = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()));
    sim.delete();
    return q;
  };
  it.each(['pendulum.json', 'double-pendulum.json', 'cart-pole.json', 'robot-arm-6.json'])('scene → MJCF → scene: %s moves the same to 1e-10', async (file) => {
    const { sceneToMjcf } = await import('../../web/src/export/mjcf_export');
    const original = shipped(file);
    const { xml } = sceneToMjcf(original);
    const back = convert(xml);
    await mujocoRun(xml, 0.01); // MuJoCo itself takes the exported file
    const a = qAfter(original, 1), b = qAfter(back, 1);
    expect(b).toHaveLength(a.length);
    for (let k = 0; k < a.length; k++) expect(Math.abs(a[k] - b[k]), `q${k}`).toBeLessThan(1e-10);
  });
});

describe('scene → URDF → scene', () => {
  const shipped = (file: string) => JSON.parse(readFileSync(repoPath(`public/scenes/${file}`), 'utf8')) as Json;
  it.each(['pendulum.json', 'double-pendulum.json', 'cart-pole.json'])('%s moves the same to 1e-10 (world settings and initial state, which URDF cannot hold, carried over)', async (file) => {
    const { sceneToUrdf } = await import('../../web/src/export/urdf_export');
    const { urdfToScene } = await import('../../web/src/urdf/urdf_to_scene');
    const original = shipped(file);
    const { xml, unsupported } = sceneToUrdf(original);
    expect(unsupported[0]).toMatch(/initial state/);
    const back = urdfToScene(xml, 'robot.urdf').scene as Json;
    back.world = original.world;
    const robot = original.articulations.find((a: Json) => a.links.some((l: Json) => l.joint.type !== 'fixed'));
    for (const link of back.articulations[0].links) {
      const source = robot.links.find((l: Json) => l.name === link.name);
      if (source?.joint.position !== undefined) link.joint.position = source.joint.position;
      if (source?.joint.velocity !== undefined) link.joint.velocity = source.joint.velocity;
    }
    const run = (scene: object) => {
      const sim = load(scene);
      sim.step(Math.round(1 / sim.timestep()));
      const q = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()));
      sim.delete();
      return q;
    };
    const a = run(original), b = run(back);
    expect(b).toHaveLength(a.length);
    for (let k = 0; k < a.length; k++) expect(Math.abs(a[k] - b[k]), `q${k}`).toBeLessThan(1e-10);
  });
});

describe('scripts/mjcf-to-scene.mjs (for fw-sim)', () => {
  it('writes the same scene as the page converter, and exits 2 naming the element of a bad model', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = (file: string) => spawnSync(process.execPath, [repoPath('scripts/mjcf-to-scene.mjs'), file], { encoding: 'utf8' });
    const good = run(repoPath('public/mjcf/acrobot.xml'));
    expect(good.status).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual(mjcfToScene(sample('acrobot.xml'), 'acrobot.xml').scene);
    expect(good.stderr).toMatch(/note: The first keyframe is the initial state/);
    const bad = run(repoPath('tests/web/mjcf_bad_joint.xml'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^mjcf_bad_joint\.xml: mujoco\/worldbody\/body "arm"\/joint "j": unknown joint type "screw"/);
  }, 60_000);
});
