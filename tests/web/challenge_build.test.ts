// The bridge challenge as build mode makes it: the challenge opened in build mode, planks joined
// by a joint (an articulation, web/src/builder/build_to_scene.ts), the built scene laid over the
// challenge as the page runs it (web/src/challenge/build_challenge.ts). The page's attemptOf
// carries it, the library's applyAttempt gives back the same scene, and verifyChallenge decides
// it: a fixed splice holds the crate (3 parts: two links and their joint, as the spliced fixture's
// two bodies and constraint), a hinge folds; over the parts or mass budget, a root held by the
// world, a joint to the challenge's own bodies, or a name the challenge uses, is refused.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Engine, verifyChallenge } from '../../lib/featherweight';
import { applyAttempt, countParts } from '../../lib/challenge/attempt';
import { type ChallengeAttempt, ResultLinkError, challengeHash, encodeResultLink } from '../../lib/challenge/result_link';
import type { Scene } from '../../lib/scene.generated';
import { attemptOf } from '../../web/src/challenge/attempt';
import { sceneDifference } from '../../web/src/challenge/scene_difference';
import { withJoint, withParts, type BuildDoc, type JointKind, type Part } from '../../web/src/builder/build_doc';
import { buildToScene } from '../../web/src/builder/build_to_scene';
import { sceneToBuild } from '../../web/src/builder/scene_to_build';
import { withBuiltParts } from '../../web/src/challenge/build_challenge';
import type { SceneObject } from '../../web/src/scene/scene_doc';
import { loadLibraryInNode, repoPath } from './engine';

let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

const FILE = 'challenge-bridge.json';
const text = readFileSync(repoPath(`public/scenes/${FILE}`), 'utf8');
const shipped = () => JSON.parse(text) as SceneObject;
const allow = { build: { maxParts: 8, maxMass: 40 } };

/** `n` planks 2.6/n m long across the gap at deck height, each joined to the next by `kind` (the first to the world when `toWorld`). */
function planks(n: number, kind: JointKind, options: { density?: number; toWorld?: boolean } = {}): BuildDoc {
  const length = 2.6 / n;
  const plank = (k: number): Omit<Part, 'id' | 'name'> => ({
    shape: 'box', size: [length, 0.6, 0.06], position: [-1.3 + length * (k + 0.5), 0, 1.03], quaternion: [1, 0, 0, 0],
    density: options.density ?? 300, friction: 0.8, restitution: 0, color: '#a0522d', static: false,
    linearVelocity: [0, 0, 0], angularVelocity: [0, 0, 0],
  });
  const placed = withParts(opened(), Array.from({ length: n }, (_, k) => plank(k)));
  const ids = placed.ids;
  let doc = placed.doc;
  const joint = (a: number, b: number, x: number) => ({ kind, a, b, anchor: [x, 0, 1.03] as [number, number, number], axis: [0, 1, 0] as [number, number, number] });
  for (let k = 1; k < n; k++) doc = withJoint(doc, joint(ids[k], ids[k - 1], -1.3 + length * k)).doc;
  if (options.toWorld) doc = withJoint(doc, joint(ids[0], -1, -1.3)).doc;
  return doc;
}

/** The challenge opened in build mode, its bodies posed where the scene puts them (as the engine has them at t = 0). */
function opened(): BuildDoc {
  const scene = shipped(), bodies = scene.bodies as { name: string; position?: number[] }[];
  const doc = sceneToBuild(scene, bodies.map((b) => b.name), (i) => [...(bodies[i].position ?? [0, 0, 0]), 0, 0, 0, 1]);
  if (!('doc' in doc)) throw new Error(doc.reason);
  return doc.doc;
}

/** What the page runs for a build: build mode's scene over the challenge (build_wiring.ts). */
function built(doc: BuildDoc): SceneObject {
  const combined = withBuiltParts(shipped(), buildToScene(doc).scene as unknown as SceneObject);
  if (!('scene' in combined) || !combined.scene) throw new Error(JSON.stringify(combined));
  return combined.scene;
}

async function verify(attempt: ChallengeAttempt, claim: { status: 'success' | 'failure'; score: number | null }) {
  const link = encodeResultLink({ challenge: FILE, challengeHash: await challengeHash(text), attempt, claim, label: 'builder' });
  return verifyChallenge(link, { challengeScene: text, engine });
}

async function refusal(attempt: ChallengeAttempt): Promise<string> {
  const error = await verify(attempt, { status: 'success', score: 3 }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ResultLinkError);
  expect((error as ResultLinkError).kind).toBe('not-allowed');
  return (error as ResultLinkError).message;
}

describe('the bridge challenge from build mode', () => {
  it("carries build mode's articulation, and the attempt applied is the scene that ran", () => {
    const current = built(planks(2, 'fixed'));
    const attempt = attemptOf(shipped(), current, allow);
    expect(attempt.parts?.articulations).toHaveLength(1);
    expect(attempt.parts?.bodies).toBeUndefined();
    const applied = applyAttempt(shipped() as unknown as Scene, attempt);
    expect(sceneDifference(applied.scene, current)).toBe('');
    expect(applied.parts).toBe(3);
    expect(countParts(attempt.parts!)).toBe(3);
    expect(applied.addedBodies).toEqual(['mechanism1/box1', 'mechanism1/box2']);
  });

  it("build mode's scene over the challenge keeps the challenge's own bodies as shipped, and refuses moving them", () => {
    const doc = planks(2, 'fixed');
    const combined = built(doc);
    expect((combined.bodies as unknown[]).slice(0, 4)).toEqual(shipped().bodies);
    expect(combined.meta).toEqual(shipped().meta);
    const crate = doc.parts.find((p) => p.name === 'crate')!;
    const moved = { ...doc, parts: doc.parts.map((p) => (p === crate ? { ...p, position: [0.2, 0, 1.6] as [number, number, number] } : p)) };
    expect(withBuiltParts(shipped(), buildToScene(moved).scene as unknown as SceneObject)).toEqual({ error: "the challenge's crate was moved: a result may only add parts" });
    expect(withBuiltParts(shipped(), { bodies: [{ name: 'box1', shapes: [] }] })).toEqual({ scene: null }); // New: no longer the challenge
  });

  it('a fixed splice holds the crate for 3 parts; a hinge folds', async () => {
    const spliced = attemptOf(shipped(), built(planks(2, 'fixed')), allow);
    const holds = await verify(spliced, { status: 'success', score: 3 });
    expect(holds.verdict).toMatchObject({ status: 'success', score: 3 });
    expect(holds.holds).toBe(true);
    const hinged = attemptOf(shipped(), built(planks(2, 'hinge')), allow);
    const folds = await verify(hinged, { status: 'success', score: 3 });
    expect(folds.verdict.status).toBe('failure');
    expect(folds.holds).toBe(false);
  });

  it('refuses over the parts or mass budget, a root held by the world, joints to the challenge, taken names', async () => {
    // Five planks: 5 links and 4 joints.
    expect(await refusal(attemptOf(shipped(), built(planks(5, 'fixed')), allow))).toMatch(/adds 9 parts; this challenge allows at most 8/);
    // Two 1.3 × 0.6 × 0.06 m planks of 450 kg/m³: 42.12 kg.
    expect(await refusal(attemptOf(shipped(), built(planks(2, 'fixed', { density: 450 })), allow))).toMatch(/the added bodies weigh 42\.12 kg; at most 40 kg/);
    expect(await refusal(attemptOf(shipped(), built(planks(2, 'fixed', { toWorld: true })), allow))).toMatch(/articulations\[0\]\.links\[0\]: an added articulation's root is on a free joint/);
    const parts = attemptOf(shipped(), built(planks(2, 'fixed')), allow).parts!;
    const crateHeld = { ...parts, constraints: [{ name: 'glue', type: 'fixed', a: 'mechanism1/box1', b: 'crate', anchor: [0, 0, 1.45] }] };
    expect(await refusal({ parts: crateHeld })).toMatch(/constraints\[0\]\.b: added constraints join parts the attempt adds \(not "crate"\)/);
    const renamed = { ...parts, articulations: [{ ...(parts.articulations![0] as object), name: 'crate' }] };
    expect(await refusal({ parts: renamed })).toMatch(/articulations\[0\]: the name "crate" is taken/);
    const floated = structuredClone(parts) as { articulations: { links: { gravcomp?: number }[] }[] };
    floated.articulations[0].links[1].gravcomp = 1;
    expect(await refusal({ parts: floated })).toMatch(/links\[1\]: added parts bear their whole weight/);
  });
});
