// <include> and the compiler's mass settings in the MJCF converter (web/src/mjcf/mjcf_include.ts,
// mjcf_compiler.ts): MuJoCo's semantics (the included root's children in place of the include,
// paths relative to the main file, a file included once), bounded work on outside input, and
// settotalmass, boundmass, boundinertia moving a chain as MuJoCo's wasm moves it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { MAX_INCLUDE_DEPTH, assetPath } from '../../web/src/mjcf/mjcf_include';
import { mjcfFiles, mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { MJCF_BUDGET } from '../../web/src/mjcf/mjcf_xml';
import { loadEngineInNode } from './engine';
import { runFeatherweight, runMujoco, worstGap } from './mujoco_suite_helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

const ARM = '<mujoco><body name="arm" pos="0 0 1"><joint name="j" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.05"/></body></mujoco>';

describe('<include>', () => {
  it('splices the included root\'s children in its place, nested includes relative to the main file', () => {
    const files = mjcfFiles({ 'parts/arm.xml': ARM, 'parts/world.xml': '<mujoco><worldbody><include file="parts/arm.xml"/><geom name="floor" type="plane" size="1 1 1"/></worldbody></mujoco>' });
    const xml = '<mujoco model="m"><include file="./parts/world.xml"/><worldbody><body name="later" pos="1 0 1"><freejoint/><geom size="0.1"/></body></worldbody></mujoco>';
    const { scene } = mjcfToScene(xml, 'm.xml', files) as { scene: Json };
    expect(scene.articulations.map((a: Json) => a.name)).toEqual(['arm', 'later']); // two worldbody sections, in order
    expect(scene.bodies.map((b: Json) => b.name)).toEqual(['ground']);
  });

  it('refuses a file included twice, a cycle, a root other than <mujoco>, a missing file attribute', () => {
    const twice = mjcfFiles({ 'a.xml': ARM });
    expect(() => mjcfToScene('<mujoco><worldbody><include file="a.xml"/><include file="./a.xml"/></worldbody></mujoco>', 'm.xml', twice)).toThrow(
      'm.xml: <include file="./a.xml">: "a.xml" is included a second time (MuJoCo includes a file at most once in a model)',
    );
    const cycle = mjcfFiles({ 'a.xml': '<mujoco><include file="b.xml"/></mujoco>', 'b.xml': '<mujoco><include file="a.xml"/></mujoco>' });
    expect(() => mjcfToScene('<mujoco><include file="a.xml"/><worldbody/></mujoco>', 'm.xml', cycle)).toThrow(/b\.xml: <include file="a\.xml">: "a\.xml" is included a second time/);
    expect(() => mjcfToScene('<mujoco><include file="r.xml"/><worldbody/></mujoco>', 'm.xml', mjcfFiles({ 'r.xml': '<robot name="r"/>' }))).toThrow(/"r\.xml" is not an MJCF file: its root element is <robot>/);
    expect(() => mjcfToScene('<mujoco><include/><worldbody/></mujoco>', 'm.xml', mjcfFiles({}))).toThrow('m.xml: <include file="">: needs a file attribute');
  });

  it('names the included file and its line for its syntax errors', () => {
    const files = mjcfFiles({ 'bad.xml': '<mujoco>\n<worldbody>\n</mujoco>' });
    expect(() => mjcfToScene('<mujoco><include file="bad.xml"/><worldbody/></mujoco>', 'm.xml', files)).toThrow(/^m\.xml: bad\.xml line 3, column \d+/);
  });

  it(`bounds the work: includes nest at most ${MAX_INCLUDE_DEPTH} deep, and the assembled model stays within the file budget`, () => {
    const chain = Object.fromEntries(Array.from({ length: MAX_INCLUDE_DEPTH + 2 }, (_, i) => [`f${i}.xml`, `<mujoco><include file="f${i + 1}.xml"/></mujoco>`]));
    const start = performance.now();
    expect(() => mjcfToScene('<mujoco><include file="f0.xml"/><worldbody/></mujoco>', 'm.xml', mjcfFiles(chain))).toThrow(`includes nest more than ${MAX_INCLUDE_DEPTH} deep`);
    // Each file within the budget, together over it.
    const half = `<mujoco><!--${'x'.repeat(MJCF_BUDGET.fileChars / 2)}--><worldbody/></mujoco>`;
    expect(() => mjcfToScene('<mujoco><include file="a.xml"/><include file="b.xml"/></mujoco>', 'm.xml', mjcfFiles({ 'a.xml': half, 'b.xml': half }))).toThrow(
      'm.xml: <include file="b.xml">: the model with its includes is over the budget of 16 MiB for an MJCF file',
    );
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('keeps meshdir, texturedir and assetdir for asset files (MuJoCo\'s precedence)', () => {
    expect(assetPath({ assetdir: 'assets', meshdir: 'meshes/' }, 'mesh', 'arm.stl')).toBe('meshes/arm.stl');
    expect(assetPath({ assetdir: 'assets' }, 'texture', './wood.png')).toBe('assets/wood.png');
    expect(assetPath({ meshdir: 'meshes' }, 'mesh', '/abs/arm.stl')).toBe('/abs/arm.stl');
  });
});

// A chain whose masses the compiler changes (damped, so that scaling every mass changes the
// motion), one body's inertia from its <inertial>, one's from its capsule (its axial moment
// below the bound); both engines from the same joint velocities.
const chain = (compiler: string) => `<mujoco model="masses">
  <compiler ${compiler}/>
  <option timestep="0.001" integrator="RK4"><flag contact="disable"/></option>
  <worldbody>
    <body name="a" pos="0 0 2"><joint name="j1" axis="0 1 0" damping="0.02"/>
      <inertial pos="0 0 -0.2" mass="0.001" diaginertia="0.001 0.002 0.0015"/>
      <body name="b" pos="0 0 -0.4"><joint name="j2" axis="1 0 0" damping="0.02"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.04"/>
        <body name="c" pos="0 0 -0.3"><joint name="j3" axis="0 1 0"/>
          <inertial pos="0 0.02 -0.1" mass="0.4" diaginertia="0.003 0.002 0.001"/>
        </body>
      </body>
    </body>
  </worldbody>
  <keyframe><key qvel="1.5 -2 2.5"/></keyframe>
</mujoco>`;

describe('compiler mass settings against MuJoCo (RK4, 1 ms, 1 s): every body within 1e-6 m', () => {
  it.each(['settotalmass="7"', 'boundmass="0.5" boundinertia="0.004"', 'boundmass="0.5" settotalmass="3"'])('%s', async (compiler) => {
    const xml = chain(compiler);
    const expected = await runMujoco(xml, 1000);
    const { scene } = mjcfToScene(xml, 'masses.xml');
    const run = runFeatherweight(engine, scene, 1000, expected.linkPoints);
    const gap = worstGap(expected.positions, run.positions).gap;
    const plain = runFeatherweight(engine, mjcfToScene(chain(''), 'plain.xml').scene, 1000, expected.linkPoints);
    console.log(`${compiler}: ${gap.toExponential(2)} m from MuJoCo; ${worstGap(expected.positions, plain.positions).gap.toExponential(2)} m without the setting`);
    expect(gap).toBeLessThan(1e-6);
    expect(worstGap(expected.positions, plain.positions).gap).toBeGreaterThan(1e-3);
  });
});

