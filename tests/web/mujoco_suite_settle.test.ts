// The dm_control suite models as published, with everything on and the models' own settings
// (time step, integrator, contacts, limits, friction): 5 s in Featherweight without the world
// stopping; and the walkers left to fall (humanoid, walker, hopper, cheetah, no control) come to
// rest with the torso within 5 cm of the height MuJoCo's wasm (mujoco-js) gives it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { loadEngineInNode } from './engine';
import { SUITE_MODELS, runFeatherweight, runMujoco, suiteScene, suiteXml, withExtra } from './mujoco_suite_helpers';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

// Seconds until each has come to rest in MuJoCo: the humanoid's soft contacts let it creep down
// for half a minute. The walker stands balanced on straight knees: MuJoCo's soft knee limits
// (solimplimit 0 .99 .01) give way and it sits, Featherweight's hard limits hold it up, so both
// start it with the same nudge (0.5 rad/s about its root hinge, a keyframe) to let it fall.
const FALLS: { model: string; seconds: number; nudge?: string }[] = [
  { model: 'humanoid', seconds: 40 },
  { model: 'walker', seconds: 8, nudge: '<keyframe><key qvel="0 0 0.5 0 0 0 0 0 0"/></keyframe>' },
  { model: 'hopper', seconds: 8 },
  { model: 'cheetah', seconds: 40 },
];

describe('the dm_control suite as published runs 5 s without the world stopping', () => {
  it.each(SUITE_MODELS)('%s', (model) => {
    const { scene } = suiteScene(suiteXml(model), model);
    const steps = Math.round(5 / (scene.world?.timestep ?? 0.002));
    const run = runFeatherweight(engine, scene, steps, new Map());
    expect(run.stepError).toBe('');
    expect(run.finite).toBe(true);
  });
});

describe("left to fall, the torso comes to rest within 5 cm of MuJoCo's height", () => {
  it.each(FALLS)('$model', async ({ model, seconds, nudge }) => {
    const xml = nudge ? withExtra(suiteXml(model), nudge) : suiteXml(model);
    const { scene } = suiteScene(xml, model);
    const timestep = scene.world?.timestep ?? 0.002;
    const steps = Math.round(seconds / timestep);
    const mujoco = await runMujoco(xml, steps);
    const settled = await runMujoco(xml, steps - Math.round(0.5 / timestep));
    const run = runFeatherweight(engine, scene, steps, mujoco.linkPoints);
    const height = (positions: typeof mujoco.positions) => positions.get('torso')![0][2];
    const expected = height(mujoco.positions), got = height(run.positions);
    console.log(`${model}: torso at rest ${got.toFixed(4)} m, MuJoCo ${expected.toFixed(4)} m (gap ${Math.abs(got - expected).toFixed(4)} m); stepError "${run.stepError}"`);
    expect(Math.abs(expected - height(settled.positions))).toBeLessThan(0.01); // MuJoCo's torso is at rest
    expect(run.stepError).toBe('');
    expect(Math.abs(got - expected)).toBeLessThan(0.05);
  });
});
