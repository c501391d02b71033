// The dm_control suite models as published (public/models/dm_control), includes resolved, against
// MuJoCo's own wasm (mujoco-js). Both engines get the same model text with one more <option>
// (RK4 at 1 ms; contacts, joint limits and friction loss off: friction loss and limits are
// MuJoCo solver constraints with no exact counterpart) and a keyframe giving every coordinate a
// nonzero velocity; after 1 s every body is within 1e-6 m of where MuJoCo has it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { loadEngineInNode } from './engine';
import { SUITE_MODELS, runFeatherweight, runMujoco, startVelocities, suiteScene, suiteXml, withExtra, worstGap } from './mujoco_suite_helpers';

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

const AGREEMENT_OPTION = '<option timestep="0.001" integrator="RK4"><flag contact="disable" limit="disable" frictionloss="disable"/></option>';

describe('the dm_control suite models open with their includes', () => {
  it.each(SUITE_MODELS)('%s converts with common/*.xml from its folder', (model) => {
    const { scene } = suiteScene(suiteXml(model), model);
    expect(scene.articulations?.length).toBeGreaterThan(0);
  });

  it('without the files, the include is named', () => {
    expect(() => mjcfToScene(suiteXml('cartpole'), 'cartpole.xml')).toThrow(/^cartpole\.xml: <include file="\.\/common\/skybox\.xml">: this model includes other files/);
    expect(() => mjcfToScene(suiteXml('cartpole'), 'cartpole.xml', () => undefined)).toThrow(/<include file="\.\/common\/skybox\.xml">: no such file among the model's files \(looked for "common\/skybox\.xml" beside cartpole\.xml\)/);
  });
});

describe('the dm_control suite against MuJoCo: every body within 1e-6 m after 1 s (RK4, 1 ms, contacts and limits off)', () => {
  it.each(SUITE_MODELS)('%s', async (model) => {
    const base = withExtra(suiteXml(model), AGREEMENT_OPTION);
    const { nv } = await runMujoco(base, 0);
    const xml = withExtra(base, `<keyframe><key qvel="${startVelocities(nv).join(' ')}"/></keyframe>`);
    const expected = await runMujoco(xml, 1000);
    const start = await runMujoco(xml, 0);
    const { scene } = suiteScene(xml, model);
    const run = runFeatherweight(engine, scene, 1000, expected.linkPoints);
    const { gap, body } = worstGap(expected.positions, run.positions);
    console.log(`${model}: worst gap ${gap.toExponential(2)} m after 1 s (${body}); stepError "${run.stepError}"`);
    expect(run.stepError).toBe('');
    expect(worstGap(expected.positions, start.positions).gap).toBeGreaterThan(1e-3); // it moved
    expect(gap).toBeLessThan(1e-6);
  });
});
