// MuJoCo's general actuators (dyntype none, gaintype fixed, biastype affine or none) through the
// MJCF converter, against MuJoCo's wasm: a position servo with a gear and a joint ref, a velocity
// servo, a damper and a motor, with keyframe controls, RK4 at 1 ms for 1 s, contacts off. The
// scene's motors (efforts of the state, evaluated at every RK4 stage as MuJoCo evaluates its
// actuators) move every body within 1e-6 m of MuJoCo's, as the same law written as springs and
// dampers does; without the servos the bodies end far away. What cannot be expressed is said,
// never dropped in silence; a keyframe's ctrl lines up with every actuator.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine } from '../../lib/featherweight';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadLibraryInNode } from './engine';
import { featherweightOrigins, runMujoco } from './mujoco_reference';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Vec3 = [number, number, number];

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const BODIES = ['upper', 'slider', 'lower', 'tip'];
const ARM = `<mujoco model="general-servos">
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <default><general ctrllimited="true" ctrlrange="-2 2"/></default>
  <worldbody>
    <body name="upper" pos="0 0 2">
      <joint name="shoulder" axis="0 1 0" ref="10"/>
      <inertial pos="0 0 -0.25" mass="1.5" diaginertia="0.04 0.04 0.005"/>
      <body name="slider" pos="0 0 -0.5">
        <joint name="extend" type="slide" axis="0 0 1"/>
        <inertial pos="0 0 -0.1" mass="0.6" diaginertia="0.01 0.01 0.002"/>
        <body name="lower" pos="0 0 -0.2">
          <joint name="elbow" axis="1 0 0"/>
          <inertial pos="0 0.02 -0.2" mass="0.8" diaginertia="0.02 0.018 0.004"/>
          <body name="tip" pos="0 0 -0.4">
            <joint name="wrist" axis="0 1 1"/>
            <inertial pos="0.03 0 -0.1" mass="0.3" diaginertia="0.004 0.003 0.002"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <general name="shoulder servo" joint="shoulder" gear="2" gainprm="40" biastype="affine" biasprm="0 -40 -6"/>
    <general name="extend servo" joint="extend" gainprm="300" biastype="affine" biasprm="5 -300 -30"/>
    <general name="elbow speed" joint="elbow" gainprm="3" biastype="affine" biasprm="0 0 -3"/>
    <general name="wrist damper" joint="wrist" gainprm="0" biastype="affine" biasprm="0 0 -0.4"/>
    <motor name="extend push" joint="extend" gear="1"/>
  </actuator>
  <keyframe><key qpos="0.3 0.05 -0.4 0.6" qvel="0.5 0 -1 2" ctrl="0.7 -0.1 3 0 0"/></keyframe>
</mujoco>`;

const worst = (a: Vec3[], b: Vec3[]) => Math.max(...a.map((p, k) => Math.hypot(p[0] - b[k][0], p[1] - b[k][1], p[2] - b[k][2])));

describe('general actuators as servos, against MuJoCo (mujoco-js)', () => {
  it('become position and velocity servos and joint damping; a second actuator on a joint is said to be left out', () => {
    const { scene, notices } = mjcfToScene(ARM, 'arm.xml');
    const joints = (scene as Json).articulations[0].links.map((l: Json) => l.joint);
    // shoulder: stiffness gear²·kp, target ctrl/gear − ref (ctrl 0.7 within ±2).
    expect(joints[0].motor).toMatchObject({ mode: 'position', stiffness: 160, damping: 24 });
    expect(joints[0].motor.target).toBeCloseTo(0.35 - (10 * Math.PI) / 180, 12);
    expect(joints[1].motor).toMatchObject({ mode: 'position', stiffness: 300, damping: 30 });
    expect(joints[1].motor.target).toBeCloseTo((300 * -0.1 + 5) / 300, 12);
    expect(joints[2].motor).toMatchObject({ mode: 'velocity', damping: 3, targetVelocity: 2 }); // ctrl 3 clamped to 2
    expect(joints[3].motor).toBeUndefined();
    expect(joints[3].damping).toBe(0.4);
    expect(notices.join('\n')).toMatch(/Actuator "extend push" is left out: .*a second actuator on joint "extend"/);
  });

  it("the servos move as MuJoCo's actuators: every body within 1e-6 m of MuJoCo after 1 s (RK4, 1 ms); without the servos far off", async () => {
    // The scene's motors, and the same law (gains, gear, ref, bias, the clamped ctrl) written as
    // what it is at a fixed target: a spring at the target with the servo's damping (position), or
    // the damping and a constant effort c·q̇* (velocity).
    const scene = mjcfToScene(ARM, 'arm.xml').scene as Json;
    const reference = await runMujoco(ARM, { bodies: BODIES, steps: 1000 }); // the motor left out has control 0 there
    const expected = BODIES.map((b) => reference.bodies.get(b)!.position);
    const smooth = structuredClone(scene), efforts: number[] = [];
    delete smooth.meta; // (its sliders move the motors taken off here)
    for (const link of smooth.articulations[0].links as Json[]) {
      const { motor } = link.joint;
      link.joint.damping = (link.joint.damping ?? 0) + (motor?.damping ?? 0);
      if (motor?.mode === 'position') link.joint.spring = { stiffness: motor.stiffness, rest: motor.target };
      efforts.push(motor?.mode === 'velocity' ? motor.damping * motor.targetVelocity : 0);
      delete link.joint.motor;
    }
    const gap = worst(featherweightOrigins(engine, smooth, BODIES, 1000, efforts), expected);
    const bare = structuredClone(scene);
    delete bare.meta;
    for (const link of bare.articulations[0].links as Json[]) {
      delete link.joint.motor;
      delete link.joint.damping;
    }
    const bareGap = worst(featherweightOrigins(engine, bare, BODIES, 1000), expected);
    const motors = featherweightOrigins(engine, scene, BODIES, 1000);
    const motorGap = worst(motors, expected);
    console.log(`general servos: as motors ${motorGap.toExponential(2)} m from MuJoCo; as springs ${gap.toExponential(2)} m; without them ${bareGap.toExponential(2)} m`);
    expect(motorGap).toBeLessThan(1e-6);
    expect(gap).toBeLessThan(1e-6);
    expect(bareGap).toBeGreaterThan(1e-2);
  });

  it("a servo's force range bounds its effort at every stage, as MuJoCo's: within 1e-6 m of MuJoCo", async () => {
    const limited = ARM.replace('gear="2" gainprm="40"', 'gear="2" forcelimited="true" forcerange="-1 1" gainprm="40"')
      .replace('gainprm="300"', 'forcelimited="true" forcerange="-15 15" gainprm="300"');
    const scene = mjcfToScene(limited, 'arm.xml').scene as Json;
    expect(scene.articulations[0].links.slice(0, 2).map((l: Json) => l.joint.motor.maxEffort)).toEqual([2, 15]); // gear · range
    const [reference, unlimited] = await Promise.all([limited, ARM].map((xml) => runMujoco(xml, { bodies: BODIES, steps: 1000 })));
    const positions = (r: typeof reference) => BODIES.map((b) => r.bodies.get(b)!.position);
    const motors = featherweightOrigins(engine, scene, BODIES, 1000);
    console.log(`force-limited servo: ${worst(motors, positions(reference)).toExponential(2)} m from MuJoCo; the limit moves MuJoCo's bodies ${worst(positions(unlimited), positions(reference)).toExponential(2)} m`);
    expect(worst(motors, positions(reference))).toBeLessThan(1e-6);
    expect(worst(positions(unlimited), positions(reference))).toBeGreaterThan(1e-2); // the limit acted
  });

  it('what has no servo form is said: activation dynamics, other gain types, a ball joint, a pushing bias', () => {
    const xml = `<mujoco><worldbody><body name="b"><joint name="h"/><joint name="s" type="slide"/><geom size="0.1"/>
      <body name="c" pos="0 0 -1"><joint name="ball" type="ball"/><geom size="0.1"/></body></body></worldbody>
      <actuator>
        <general name="filtered" joint="h" dyntype="filter" dynprm="0.1"/>
        <general name="affine gain" joint="s" gaintype="affine"/>
        <general name="on ball" joint="ball"/>
        <general name="pushing" joint="s" biastype="affine" biasprm="0 5 0"/>
        <cylinder name="piston" joint="h"/>
      </actuator>
      <keyframe><key ctrl="1 2 3 4 5"/></keyframe></mujoco>`;
    const { scene, notices } = mjcfToScene(xml, 'x.xml');
    const text = notices.join('\n');
    expect(text).toMatch(/"filtered" is left out: .*dyntype="filter"/);
    expect(text).toMatch(/"affine gain" is left out: .*gaintype="affine"/);
    expect(text).toMatch(/"on ball" is left out: .*ball joint "ball"/);
    expect(text).toMatch(/"pushing" is left out: .*pushes away/);
    expect(text).toMatch(/"piston" is left out: .*actuator <cylinder>/);
    expect((scene as Json).articulations[0].links.every((l: Json) => l.joint.motor === undefined)).toBe(true);
  });

  it('a keyframe ctrl lines up with every actuator, also those left out (it used to abort)', () => {
    const xml = `<mujoco><worldbody><body name="b"><joint name="h"/><geom size="0.1"/></body></worldbody>
      <actuator><general joint="h" dyntype="integrator"/><position joint="h" kp="10"/></actuator>
      <keyframe><key ctrl="0.4 0.25"/></keyframe></mujoco>`;
    const { scene } = mjcfToScene(xml, 'x.xml');
    expect((scene as Json).articulations[0].links[0].joint.motor).toMatchObject({ mode: 'position', target: 0.25, stiffness: 10 });
  });

  it('a stiffly damped servo exported from a realtime scene runs in MuJoCo with implicitfast, where Euler blows up', async () => {
    // kv·h/I = 100 · (1/240) / 0.05 ≈ 8: explicit damping diverges past 2.
    const scene = {
      format: 'featherweight-scene', version: 1, world: { timestep: 1 / 240, integrator: 'semi-implicit-euler' },
      articulations: [{ name: 'arm', links: [{ name: 'rod', joint: { type: 'revolute', axis: [0, 1, 0], origin: { position: [0, 0, 1] }, position: 0.5, motor: { mode: 'position', target: 0, stiffness: 10, damping: 100 } }, inertial: { mass: 1, com: [0, 0, -0.2], inertia: { ixx: 0.01, iyy: 0.01, izz: 0.01 } } }] }],
    };
    const { xml } = sceneToMjcf(scene);
    expect(xml).toMatch(/integrator="implicitfast"/);
    const implicit = await runMujoco(xml, { bodies: [], steps: 240 });
    const euler = await runMujoco(xml.replace('integrator="implicitfast"', 'integrator="Euler"'), { bodies: [], steps: 240 });
    const world = engine.createWorld(scene);
    world.step(240);
    console.log(`servo after 1 s: Featherweight ${world.q[0].toExponential(3)}, MuJoCo implicitfast ${implicit.qpos[0].toExponential(3)}, Euler ${euler.qpos[0]}`);
    expect(Math.abs(implicit.qpos[0] - world.q[0])).toBeLessThan(0.01);
    // Euler diverges: MuJoCo finds a huge acceleration and resets the state (qpos back to 0).
    expect(Math.abs(euler.qpos[0] - implicit.qpos[0])).toBeGreaterThan(0.1);
  });

  it('the export writes semi-implicit servo scenes with implicitfast (MuJoCo then treats the servos\' damping implicitly), others with Euler', () => {
    const scene = mjcfToScene(ARM, 'arm.xml').scene as Json;
    scene.world.integrator = 'semi-implicit-euler';
    expect(sceneToMjcf(scene).xml).toMatch(/integrator="implicitfast"/);
    for (const link of scene.articulations[0].links as Json[]) delete link.joint.motor;
    expect(sceneToMjcf(scene).xml).toMatch(/integrator="Euler"/);
  });
});
