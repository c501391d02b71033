// MuJoCo's state conventions through the MJCF converter and the export, against MuJoCo's wasm:
// keyframe 0 with a free and a ball joint (qpos quaternions w, x, y, z; a ball's qvel in the child
// frame, a free joint's linear velocity in the world and angular in the body) gives Featherweight
// the initial body poses and velocities MuJoCo has after mj_resetDataKeyframe + mj_forward, to
// 1e-12; the shipped scenes exported to MJCF start where Featherweight starts them; MJCF joint,
// body and site names work in the library; toMujocoState and fromMujocoState are each other's
// inverse and agree with MuJoCo's own qpos and qvel.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, type World, fromMujocoState, toMujocoState } from '../../lib/featherweight';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadLibraryInNode, readScene } from './engine';
import { type MujocoBody, runMujoco } from './mujoco_reference';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const MODEL = `<mujoco model="keyframe-state">
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <worldbody>
    <body name="base" pos="0 0 1">
      <freejoint name="root"/>
      <geom type="box" size="0.2 0.1 0.05" mass="2"/>
      <site name="corner" pos="0.2 0.1 0.05" euler="10 0 30"/>
      <body name="arm" pos="0.2 0 0" euler="0 30 15">
        <joint name="shoulder" type="ball"/>
        <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.03"/>
        <site name="tip" pos="0.4 0 0"/>
        <body name="hand" pos="0.4 0 0">
          <joint name="wrist" type="hinge" axis="0 1 0"/>
          <geom type="sphere" size="0.05"/>
        </body>
      </body>
    </body>
  </worldbody>
  <keyframe>
    <key qpos="0.1 0.2 1.3  0.9 0.1 -0.2 0.3  0.8 0.2 0.3 -0.4  0.5" qvel="0.3 -0.2 0.5  1.2 -0.7 2.0  -1.5 0.8 2.2  3.0"/>
  </keyframe>
</mujoco>`;

/** A body's pose and velocities in Featherweight: the frame origin's velocity and ω from the Jacobian (float64). */
function featherweightBody(world: World, body: string): MujocoBody {
  const pose = world.bodyPose(body);
  const J = world.jacobian(body), qd = world.qd, v = [0, 0, 0, 0, 0, 0];
  for (let r = 0; r < 6; r++) for (let c = 0; c < world.nv; c++) v[r] += J.get(r, c) * qd[c];
  return { position: pose.position, quaternion: pose.quaternion, angular: [v[0], v[1], v[2]], linear: [v[3], v[4], v[5]] };
}

/** The largest difference between Featherweight's bodies and MuJoCo's (quaternions up to sign). */
function worstGap(world: World, bodies: Map<string, MujocoBody>, fwName: (mjName: string) => string): number {
  let worst = 0;
  for (const [name, expected] of bodies) {
    const got = featherweightBody(world, fwName(name));
    const sign = Math.sign(got.quaternion.reduce((s, x, k) => s + x * expected.quaternion[k], 0)) || 1;
    const gaps = [
      ...got.position.map((x, k) => x - expected.position[k]),
      ...got.quaternion.map((x, k) => sign * x - expected.quaternion[k]),
      ...got.linear.map((x, k) => x - expected.linear[k]),
      ...got.angular.map((x, k) => x - expected.angular[k]),
    ];
    worst = Math.max(worst, ...gaps.map(Math.abs));
  }
  return worst;
}

describe('keyframe 0 in MuJoCo conventions (free and ball joints)', () => {
  it("starts every body where MuJoCo's keyframe puts it, moving as it moves, to 1e-12", async () => {
    const reference = await runMujoco(MODEL, { bodies: ['base', 'arm', 'hand'], sites: ['corner', 'tip'] });
    const world = engine.createWorld(mjcfToScene(MODEL, 'keyframe.xml').scene);
    const gap = worstGap(world, reference.bodies, (name) => name);
    console.log(`keyframe: worst gap ${gap.toExponential(2)}`);
    expect(gap).toBeLessThan(1e-12);
    // The ball's ω read in the wrong frame (as before: taken as the joint frame's) is far off.
    const wrong = mjcfToScene(MODEL, 'keyframe.xml').scene as Json;
    wrong.articulations[0].links[1].joint.velocity = [-1.5, 0.8, 2.2];
    expect(worstGap(engine.createWorld(wrong), reference.bodies, (name) => name)).toBeGreaterThan(0.1);
    for (const [site, expected] of reference.sites) world.site(site).position.forEach((x, k) => expect(Math.abs(x - expected[k])).toBeLessThan(1e-12));
  });

  it('MJCF joint, body and site names work in the library; world.joints and world.sites list them', () => {
    const world = engine.createWorld(mjcfToScene(MODEL, 'keyframe.xml').scene);
    expect(world.joint('root').type).toBe('free');
    expect(world.joint('shoulder')).toEqual(world.joint('base/arm'));
    expect(world.joint('wrist').nv).toBe(1);
    expect(world.joints.find((j) => j.name === 'base/arm')?.aliases).toContain('shoulder');
    expect(world.bodyPose('hand')).toEqual(world.bodyPose('base/hand'));
    expect(world.sites.map((s) => s.name)).toEqual(['corner', 'tip']);
    expect(() => world.joint('elbow')).toThrow(/no joint named 'elbow'.*shoulder/);
    expect(() => world.site('nose')).toThrow(/no site named 'nose'.*corner/);
    world.qd[world.joint('wrist').vIndex] = 7;
    expect(world.qd[world.joint('base/hand').vIndex]).toBe(7);
  });

  it("toMujocoState gives MuJoCo's qpos and qvel; fromMujocoState takes them back", async () => {
    const reference = await runMujoco(MODEL, { bodies: [] });
    const world = engine.createWorld(mjcfToScene(MODEL, 'keyframe.xml').scene);
    const { qpos, qvel } = toMujocoState(world);
    qpos.forEach((x, i) => expect(Math.abs(x - reference.qpos[i])).toBeLessThan(1e-12));
    qvel.forEach((x, i) => expect(Math.abs(x - reference.qvel[i])).toBeLessThan(1e-12));
    const { q, qd } = fromMujocoState(world, { qpos, qvel });
    q.forEach((x, i) => expect(Math.abs(x - world.q[i])).toBeLessThan(1e-12));
    qd.forEach((x, i) => expect(Math.abs(x - world.qd[i])).toBeLessThan(1e-12));
    // Another state: MuJoCo's → Featherweight's → MuJoCo's is the identity.
    const other = { qpos: Float64Array.from(qpos, (x, i) => x + 0.01 * i), qvel: Float64Array.from(qvel, (x, i) => x - 0.3 * i) };
    const norm = Math.hypot(...other.qpos.subarray(3, 7)), norm2 = Math.hypot(...other.qpos.subarray(7, 11));
    other.qpos.set(other.qpos.subarray(3, 7).map((x) => x / norm), 3);
    other.qpos.set(other.qpos.subarray(7, 11).map((x) => x / norm2), 7);
    const back = toMujocoState(world, fromMujocoState(world, other));
    back.qpos.forEach((x, i) => expect(Math.abs(x - other.qpos[i])).toBeLessThan(1e-12));
    back.qvel.forEach((x, i) => expect(Math.abs(x - other.qvel[i])).toBeLessThan(1e-12));
  });
});

describe('the shipped scenes exported to MJCF start where Featherweight starts them', () => {
  for (const file of ['pendulum.json', 'ragdoll.json', 'spinning-top-free.json', 'cart-pole.json']) {
    it(`${file}: every body's initial pose and velocity in MuJoCo equal Featherweight's to 1e-12`, async () => {
      const scene = readScene(file) as Json;
      const world = engine.createWorld(scene);
      // Exported bodies: a link "articulation/link" is the MJCF body "articulation-link"; static bodies are world geoms.
      const statics = new Set(((scene.bodies ?? []) as Json[]).filter((b) => b.static).map((b) => b.name as string));
      const moving = world.bodies.filter((name) => !statics.has(name));
      const exported = moving.map((name) => name.replace('/', '-'));
      const { xml } = sceneToMjcf(scene);
      const reference = await runMujoco(xml, { bodies: exported });
      const gap = worstGap(world, reference.bodies, (name) => moving[exported.indexOf(name)]);
      console.log(`${file}: ${exported.length} bodies, worst gap ${gap.toExponential(2)}`);
      expect(gap).toBeLessThan(1e-12);
      const moves = [...reference.bodies.values()].some((b) => Math.hypot(...b.linear, ...b.angular) > 0.1);
      if (file !== 'pendulum.json' && file !== 'cart-pole.json') expect(moves).toBe(true); // the initial velocity was there to convert
      const mujocoState = toMujocoState(world);
      mujocoState.qpos.forEach((x, i) => expect(Math.abs(x - reference.qpos[i])).toBeLessThan(1e-12));
      mujocoState.qvel.forEach((x, i) => expect(Math.abs(x - reference.qvel[i])).toBeLessThan(1e-12));
    });
  }
});
