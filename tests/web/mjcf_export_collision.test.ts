// A shape drawn only (collision mask 0) exported to MJCF touches nothing in MuJoCo either: MuJoCo
// collides a pair when either geom's contype meets the other's conaffinity, so the exporter writes
// both as 0. Checked by stepping the exported file in MuJoCo's wasm (mujoco-js): the drawn-only
// ball falls through the floor, as in Featherweight, while the same ball colliding rests on it.
import { describe, expect, it } from 'vitest';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadEngineInNode } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function ballOnFloor(collision?: Json): Json {
  return {
    format: 'featherweight-scene',
    version: 1,
    world: { timestep: 0.002, gravity: [0, 0, -9.81] },
    bodies: [
      { name: 'floor', static: true, shapes: [{ type: 'plane' }] },
      { name: 'ball', position: [0, 0, 0.5], shapes: [{ type: 'sphere', radius: 0.1, ...(collision ? { collision } : {}) }] },
    ],
  };
}

/** The ball's height after 1 s in MuJoCo, stepping the exported file. */
async function mujocoHeight(xml: string): Promise<number> {
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const mj = await M();
  if (!mj.FS.analyzePath('/export').exists) mj.FS.mkdir('/export');
  mj.FS.writeFile('/export/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/export/model.xml');
  const d = new mj.MjData(m);
  try {
    for (let k = 0; k < 500; k++) mj.mj_step(m, d);
    const xpos = d.xpos as Float64Array;
    return xpos[3 * (m.nbody - 1) + 2];
  } finally {
    d.delete();
    m.delete();
  }
}

/** The ball's height after 1 s in Featherweight. */
async function featherweightHeight(scene: Json): Promise<number> {
  const engine = await loadEngineInNode();
  const sim = new engine.Simulation();
  try {
    expect(sim.load(JSON.stringify(scene))).toBe('');
    sim.step(500);
    const names = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b) => b.name);
    return new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(names.indexOf('ball')), 3)[2];
  } finally {
    sim.delete();
  }
}

describe('MJCF export of collision filters', () => {
  it('a drawn-only shape is written contype="0" conaffinity="0" and falls through the floor in MuJoCo as here', async () => {
    const scene = ballOnFloor({ mask: 0 });
    const { xml } = sceneToMjcf(scene);
    expect(xml).toMatch(/<geom type="sphere"[^>]* contype="0" conaffinity="0"/);
    expect(await featherweightHeight(scene)).toBeLessThan(-1);
    expect(await mujocoHeight(xml)).toBeLessThan(-1);
  });

  it('the same ball colliding rests on the floor in both', async () => {
    const scene = ballOnFloor();
    const { xml } = sceneToMjcf(scene);
    expect(xml).not.toMatch(/contype/);
    expect(await featherweightHeight(scene)).toBeCloseTo(0.1, 2);
    expect(await mujocoHeight(xml)).toBeCloseTo(0.1, 2);
  });
});
