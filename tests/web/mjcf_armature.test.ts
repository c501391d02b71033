// Joint armature (rotor inertia) through the page's MJCF converter, against MuJoCo's wasm
// (mujoco-js): a four-link chain of hinges with different armatures (one from a default class),
// contacts off, no limits, the same nonzero joint velocities, RK4 at 1 ms for 1 s in both. Every
// body's frame origin ends within 1e-6 m of MuJoCo's; dropping the armature from the converted
// scene moves them by far more, so the armature is what the agreement rests on.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../lib/featherweight';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadLibraryInNode } from './engine';
import { featherweightOrigins, mujocoOrigins, worstDistance } from './mujoco_reference';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Vec3 = [number, number, number];

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const BODIES = ['a', 'b', 'c', 'd'];

const CHAIN = `<mujoco model="armature-chain">
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <default>
    <joint type="hinge" armature="0.05"/>
    <default class="heavy"><joint armature="0.4"/></default>
  </default>
  <worldbody>
    <body name="a" pos="0 0 2">
      <joint name="j1" axis="0 1 0" class="heavy"/>
      <inertial pos="0.05 0 -0.25" mass="1.2" diaginertia="0.03 0.025 0.01"/>
      <body name="b" pos="0 0 -0.5">
        <joint name="j2" axis="1 0 0" armature="0.15"/>
        <inertial pos="0 0.04 -0.2" mass="0.8" diaginertia="0.02 0.018 0.006"/>
        <body name="c" pos="0 0 -0.4" euler="0 20 10">
          <joint name="j3" axis="0 1 1"/>
          <inertial pos="0.03 0 -0.15" mass="0.5" diaginertia="0.01 0.008 0.004"/>
          <body name="d" pos="0 0.05 -0.3">
            <joint name="j4" axis="1 0 1" armature="0.02"/>
            <inertial pos="0 0 -0.1" mass="0.3" diaginertia="0.004 0.003 0.002"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <keyframe><key qpos="0.4 -0.3 0.2 0.5" qvel="1.5 -2 2.5 -3"/></keyframe>
</mujoco>`;

// MuJoCo: the keyframe, `steps` steps of its RK4, then each body's frame origin (bodies 1…4).

// Featherweight: the converted scene, `steps` steps, then each body's frame origin.
const distance = (p: Vec3, q: Vec3) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
const worst = worstDistance;

describe('joint armature against MuJoCo (mujoco-js), through the MJCF converter', () => {
  it('the converter carries armature, from default classes too', () => {
    const { scene, notices } = mjcfToScene(CHAIN, 'chain.xml');
    const links = (scene as Json).articulations[0].links as Json[];
    expect(links.map((l) => l.joint.armature)).toEqual([0.4, 0.15, 0.05, 0.02]);
    expect(notices.join('\n')).not.toMatch(/armature/);
  });

  it('a four-hinge chain: every body within 1e-6 m of MuJoCo after 1 s (RK4, 1 ms); without armature far off', async () => {
    const scene = mjcfToScene(CHAIN, 'chain.xml').scene as Json;
    const expected = await mujocoOrigins(CHAIN, BODIES.length, 1000);
    const start = featherweightOrigins(engine, scene, BODIES, 0);
    const gap = worst(featherweightOrigins(engine, scene, BODIES, 1000), expected);
    const bare = structuredClone(scene);
    for (const link of bare.articulations[0].links as Json[]) delete link.joint.armature;
    const bareGap = worst(featherweightOrigins(engine, bare, BODIES, 1000), expected);
    console.log(`armature chain: worst ${gap.toExponential(2)} m from MuJoCo; ${bareGap.toExponential(2)} m with the armature left out`);
    expect(gap).toBeLessThan(1e-6);
    expect(bareGap).toBeGreaterThan(1e-3);
    expect(Math.min(...expected.slice(1).map((p, k) => distance(p, start[k + 1])))).toBeGreaterThan(0.01); // it moved
  });

  it('the exporter writes armature back, and MuJoCo moves the exported file the same', async () => {
    const scene = mjcfToScene(CHAIN, 'chain.xml').scene as Json;
    const { xml } = sceneToMjcf(scene);
    expect(xml.match(/armature="[^"]+"/g)).toEqual(['armature="0.4"', 'armature="0.15"', 'armature="0.05"', 'armature="0.02"']);
    const back = mjcfToScene(xml, 'back.xml').scene as Json;
    expect((back.articulations[0].links as Json[]).map((l) => l.joint.armature)).toEqual([0.4, 0.15, 0.05, 0.02]);
    expect(worst(await mujocoOrigins(xml, BODIES.length, 1000), await mujocoOrigins(CHAIN, BODIES.length, 1000))).toBeLessThan(1e-9);
  });
});
