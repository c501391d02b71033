// Gravity compensation (MuJoCo's body gravcomp) through the page's MJCF converter, against
// MuJoCo's wasm (mujoco-js): a three-hinge chain whose bodies cancel half their weight (one of
// them all of it), contacts off, RK4 at 1 ms for 1 s in both. Every body's frame origin ends
// within 1e-6 m of MuJoCo's; without gravcomp the chain falls far from it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../lib/featherweight';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadLibraryInNode } from './engine';
import { featherweightOrigins, mujocoOrigins, worstDistance } from './mujoco_reference';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const BODIES = ['a', 'b', 'c'];

const CHAIN = `<mujoco model="gravcomp-chain">
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <worldbody>
    <body name="a" pos="0 0 2" gravcomp="0.5">
      <joint name="j1" axis="0 1 0"/>
      <inertial pos="0.05 0 -0.25" mass="1.2" diaginertia="0.03 0.025 0.01"/>
      <body name="b" pos="0 0 -0.5" gravcomp="0.5">
        <joint name="j2" axis="1 0 0"/>
        <inertial pos="0 0.04 -0.2" mass="0.8" diaginertia="0.02 0.018 0.006"/>
        <body name="c" pos="0 0 -0.4" euler="0 20 10" gravcomp="1">
          <joint name="j3" axis="0 1 1"/>
          <inertial pos="0.03 0 -0.15" mass="0.5" diaginertia="0.01 0.008 0.004"/>
        </body>
      </body>
    </body>
  </worldbody>
  <keyframe><key qpos="0.4 -0.3 0.2" qvel="0.5 -1 1.5"/></keyframe>
</mujoco>`;


const worst = worstDistance;

describe('gravcomp against MuJoCo (mujoco-js), through the MJCF converter', () => {
  it('the converter carries gravcomp to the links, and refuses a wild one', () => {
    const links = (mjcfToScene(CHAIN, 'chain.xml').scene as Json).articulations[0].links as Json[];
    expect(links.map((l) => l.gravcomp)).toEqual([0.5, 0.5, 1]);
    expect(() => mjcfToScene(CHAIN.replace('gravcomp="1"', 'gravcomp="40"'), 'chain.xml')).toThrow(/body "c".*gravcomp/);
  });

  it('a three-hinge chain with gravcomp 0.5: every body within 1e-6 m of MuJoCo after 1 s (RK4, 1 ms)', async () => {
    const scene = mjcfToScene(CHAIN, 'chain.xml').scene as Json;
    const expected = await mujocoOrigins(CHAIN, BODIES.length, 1000);
    const gap = worst(featherweightOrigins(engine, scene, BODIES, 1000), expected);
    const bare = structuredClone(scene);
    for (const link of bare.articulations[0].links as Json[]) delete link.gravcomp;
    const bareGap = worst(featherweightOrigins(engine, bare, BODIES, 1000), expected);
    console.log(`gravcomp chain: worst ${gap.toExponential(2)} m from MuJoCo; ${bareGap.toExponential(2)} m without gravcomp`);
    expect(gap).toBeLessThan(1e-6);
    expect(bareGap).toBeGreaterThan(1e-2);
  });

  it('the exporter writes gravcomp back, and MuJoCo moves the exported file the same', async () => {
    const { xml } = sceneToMjcf(mjcfToScene(CHAIN, 'chain.xml').scene as Json);
    expect(xml.match(/gravcomp="[^"]+"/g)).toEqual(['gravcomp="0.5"', 'gravcomp="0.5"', 'gravcomp="1"']);
    expect(worst(await mujocoOrigins(xml, BODIES.length, 1000), await mujocoOrigins(CHAIN, BODIES.length, 1000))).toBeLessThan(1e-9);
  });
});
