// MuJoCo's explicit contact pairs and tree filtering, through the converter and the exporter,
// against MuJoCo itself (mujoco-js): a <contact><pair> makes a ball rest on its parent's plate
// that contype/conaffinity and the parent/child rule would let it pass through, in Featherweight
// after import, in MuJoCo, and in MuJoCo after export; an articulation with selfCollision false
// (the default) exports with <exclude> for its non-adjacent bodies, so its limbs pass through
// each other in MuJoCo too.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadEngineInNode, repoPath } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let engine: FeatherweightModule;
let mujoco: any; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeAll(async () => {
  engine = await loadEngineInNode();
  const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  mujoco = await M();
});

/** Loads `xml` in MuJoCo, steps `steps` from its keyframe (if any) and hands model and data to `look`. */
function inMujoco<T>(xml: string, steps: number, look: (m: any, d: any) => T): T { // eslint-disable-line @typescript-eslint/no-explicit-any
  const mj = mujoco;
  if (!mj.FS.analyzePath('/pairs').exists) mj.FS.mkdir('/pairs');
  mj.FS.writeFile('/pairs/model.xml', xml);
  const m = mj.MjModel.loadFromXML('/pairs/model.xml');
  const d = new mj.MjData(m);
  try {
    if (m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
    for (let k = 0; k < steps; k++) mj.mj_step(m, d);
    return look(m, d);
  } finally {
    d.delete();
    m.delete();
  }
}

/** Height of the last body's origin after `steps` steps in MuJoCo. */
const mujocoHeight = (xml: string, steps: number) => inMujoco(xml, steps, (m, d) => (d.xpos as Float64Array)[3 * (m.nbody - 1) + 2]);

/** Height of body `name` after `seconds` in Featherweight. */
function featherweightHeight(scene: object, name: string, seconds: number): number {
  const sim = new engine.Simulation();
  try {
    expect(sim.load(JSON.stringify(scene))).toBe('');
    sim.step(Math.round(seconds / sim.timestep()));
    expect(sim.stepError()).toBe('');
    const names = (JSON.parse(sim.bodiesJson()) as { name: string }[]).map((b) => b.name);
    return new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(names.indexOf(name)), 3)[2];
  } finally {
    sim.delete();
  }
}

// A free plate on the floor and, hanging from it on a slide, a ball whose contype/conaffinity
// (2) meet neither the plate's nor the floor's (1): it falls through both, its parent among them.
const plate = (contact: string) => `<mujoco><option timestep="0.002"/>
  <default><pair friction="0.8"/><default class="slick"><pair friction="0.1"/></default></default>
  <worldbody><geom name="floor" type="plane" size="5 5 .1"/>
    <body name="plate" pos="0 0 0.05"><freejoint/><geom name="plate" type="box" size="0.5 0.5 0.05"/>
      <body name="ball" pos="0 0 0.5"><joint type="slide" axis="0 0 1"/>
        <geom name="ball" type="sphere" size="0.1" contype="2" conaffinity="2"/></body>
    </body></worldbody>${contact}</mujoco>`;
const PAIR = '<contact><pair geom1="ball" geom2="plate"/><pair class="slick" geom1="ball" geom2="floor" condim="1"/></contact>';

describe('<contact><pair> (MuJoCo\'s explicit pairs)', () => {
  it('the converter reads pairs as contactPairs, friction from the pair and its default class', () => {
    const { scene, notices } = mjcfToScene(plate(PAIR), 'pair.xml');
    expect(scene.contactPairs).toEqual([
      { a: { body: 'plate/ball', shape: 0 }, b: { body: 'plate/plate', shape: 0 }, friction: 0.8 },
      { a: { body: 'plate/ball', shape: 0 }, b: { body: 'ground', shape: 0 }, friction: 0 }, // condim 1: frictionless
    ]);
    expect(notices.join('\n')).not.toMatch(/pair/);
    expect(() => mjcfToScene(plate('<contact><pair geom1="ball" geom2="nothing"/></contact>'), 'bad.xml')).toThrow(/mujoco\/contact\[1\]\/pair "1": geom "nothing" does not exist/);
  });

  it('a ball rests on its parent\'s plate only through the pair: in Featherweight, in MuJoCo and in MuJoCo after export, within 3 mm of 0.2 m', () => {
    const without = mjcfToScene(plate(''), 'plain.xml').scene;
    expect(featherweightHeight(without, 'plate/ball', 1)).toBeLessThan(-1);
    expect(mujocoHeight(plate(''), 500)).toBeLessThan(-1);
    const { scene } = mjcfToScene(plate(PAIR), 'pair.xml');
    const heights = [featherweightHeight(scene, 'plate/ball', 1), mujocoHeight(plate(PAIR), 500)];
    const { xml, unsupported } = sceneToMjcf(scene as Json);
    expect(xml).toMatch(/<pair geom1="plate\/ball#0" geom2="plate\/plate#0" condim="3" friction="0.8 0.8 /);
    expect(unsupported.join('\n')).not.toMatch(/pair|collision/);
    heights.push(mujocoHeight(xml, 500));
    for (const h of heights) expect(Math.abs(h - 0.2)).toBeLessThan(0.003);
    expect(mjcfToScene(xml, 'back.xml').scene.contactPairs).toHaveLength(2);
  });
});

describe('export of a tree without self-collision', () => {
  // The shipped ragdoll with Featherweight's default (selfCollision false), its thighs moved
  // into each other: siblings, which MuJoCo would collide.
  const ragdoll = (): Json => {
    const scene = JSON.parse(readFileSync(repoPath('public/scenes/ragdoll.json'), 'utf8')) as Json;
    const tree = scene.articulations[0];
    delete tree.selfCollision;
    for (const link of tree.links as Json[]) if (link.name.endsWith('-thigh')) link.joint.origin.position[1] = 0;
    return scene;
  };
  /** MuJoCo's contacts over the first `steps` steps, in the air: all between bodies of the ragdoll. */
  const treeContacts = (xml: string, steps: number) =>
    inMujoco(xml, 0, (m, d) => {
      let count = 0;
      for (let k = 0; k < steps; k++) {
        mujoco.mj_step(m, d);
        count += d.ncon;
      }
      return count;
    });

  it('writes an <exclude> per pair of non-adjacent colliding bodies; MuJoCo then finds no contact between its limbs', () => {
    const { xml, unsupported } = sceneToMjcf(ragdoll());
    expect(unsupported.join('\n')).not.toMatch(/selfCollision|collision filters/);
    // 11 bodies, 10 of them joined to a parent: 55 − 10 = 45 pairs.
    expect(xml.match(/<exclude /g)).toHaveLength(45);
    expect(xml).toContain('<exclude body1="ragdoll-left-thigh" body2="ragdoll-right-thigh"/>');
    // 0.2 s of free fall, its feet 0.5 m above the ground.
    expect(treeContacts(xml, 48)).toBe(0);
    // Without them the overlapping thighs touch in MuJoCo.
    expect(treeContacts(xml.replace(/\s*<exclude [^>]*\/>/g, ''), 48)).toBeGreaterThan(0);
  });

  it('names the bodies massless links fold into, and a parent welded to the world with its child', () => {
    // a: two hinges (a massless link folded into a's body), then b, then c; all with geoms.
    const chain = `<mujoco><worldbody><body name="base"><geom type="box" size="0.1 0.1 0.1"/>
      <body name="a" pos="0 0 1"><joint type="hinge" axis="1 0 0"/><joint type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1"/>
        <body name="b" pos="0 0 -0.3"><joint type="hinge" axis="1 0 0"/><geom type="sphere" size="0.1"/>
          <body name="c" pos="0 0 -0.3"><joint type="hinge" axis="1 0 0"/><geom type="sphere" size="0.1"/></body></body></body>
      </body></worldbody></mujoco>`;
    const scene = mjcfToScene(chain, 'chain.xml').scene as Json;
    delete scene.contactExclusions;
    scene.articulations[0].selfCollision = false;
    const { xml } = sceneToMjcf(scene);
    const excludes = [...xml.matchAll(/<exclude body1="([^"]+)" body2="([^"]+)"\/>/g)].map((m) => [m[1], m[2]].sort().join(' '));
    // Every pair but a–b and b–c; base (welded to the world) and a too, which MuJoCo's parent filter would not skip.
    expect(excludes.sort()).toEqual(['base-a base-base', 'base-a base-c', 'base-b base-base', 'base-base base-c']);
    expect(inMujoco(xml, 1, (m) => m.nbody)).toBe(5); // the world and four bodies: the names resolve
  });

  it('self-collision on: no excludes; the "each" rule with group = mask written as contype = conaffinity', () => {
    const scene = ragdoll();
    scene.articulations[0].selfCollision = true;
    for (const link of scene.articulations[0].links as Json[]) for (const s of link.shapes ?? []) s.collision = { group: 2, mask: 2 };
    const { xml, unsupported } = sceneToMjcf(scene);
    expect(xml).not.toMatch(/<exclude /);
    expect(xml).toMatch(/contype="2" conaffinity="2"/);
    expect(unsupported.join('\n')).not.toMatch(/collision filters/);
    // Group 1 mask 2 against group 2 mask 4: only one side's group meets the other's mask.
    const odd = ragdoll();
    for (const link of odd.articulations[0].links as Json[]) for (const s of link.shapes ?? []) s.collision = { group: 7, mask: 7 };
    odd.bodies[0].shapes[0].collision = { group: 7, mask: 7 };
    expect(sceneToMjcf(odd).unsupported.join('\n')).not.toMatch(/collision filters/);
    odd.articulations[0].links[0].shapes[0].collision = { group: 1, mask: 2 };
    odd.articulations[0].links[1].shapes[0].collision = { group: 2, mask: 4 };
    expect(sceneToMjcf(odd).unsupported.join('\n')).toMatch(/collision filters: group 1 mask 2 against group 2 mask 4/);
  });
});
