// Verifying a result link (docs/library.md, verifyChallenge): the trusted challenge scene from the
// verifier's own copy, its SHA-256 checked against the link's, the attempt applied (only what the
// challenge allows), the run refereed to its verdict with the controller behind the sandbox, and
// the verdict compared with the claim. Anything wrong with the link is a ResultLinkError (fw-sim
// verify exits 2); a run that fails is a verdict like any other.
import type { ControllerLoader } from '../controller';
import type { Scene } from '../scene.generated';
import type { World } from '../world';
import { AttemptError, applyAttempt, challengeOf } from './attempt';
import type { ChallengeVerdict } from './challenge_types';
import { runChallenge } from './referee';
import { type ChallengeClaim, type ChallengeResult, ResultLinkError, challengeHash, decodeResultLink } from './result_link';

/** The trusted challenge scene: its file's text (or bytes), or a resolver from the link's file name to it. */
export type ChallengeSceneSource = string | Uint8Array | ((file: string) => string | Uint8Array | Promise<string | Uint8Array>);

export interface VerifyOptions {
  /** The challenge scene as the verifier ships it (never taken from the link). */
  challengeScene: ChallengeSceneSource;
  /** Runs the scene's controller (World.enableController's `load`): the QuickJS sandbox by default. */
  loadController?: ControllerLoader;
}

/** Builds worlds: the library's Engine. */
export interface WorldFactory {
  createWorld(scene: string | object): World;
}

export interface VerifyReport {
  /** The claim holds: the same status, and the score within 1e-9 × max(1, |score|). */
  holds: boolean;
  verdict: ChallengeVerdict;
  claim: ChallengeClaim;
  /** One sentence for people. */
  message: string;
  /** The link's contents (label, challenge file, attempt). */
  result: ChallengeResult;
}

/** |a − b| ≤ 1e-9 × max(1, |a|): scores are steps × dt or deterministic sums. */
export function scoresAgree(score: number | null, claimed: number | null): boolean {
  if (score === null || claimed === null) return score === claimed;
  return Math.abs(score - claimed) <= 1e-9 * Math.max(1, Math.abs(score));
}

async function trustedText(source: ChallengeSceneSource, file: string): Promise<Uint8Array> {
  let got: string | Uint8Array;
  try {
    got = typeof source === 'function' ? await source(file) : source;
  } catch (error) {
    throw new ResultLinkError('unknown-challenge', `No challenge "${file}" here: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof got === 'string') return new TextEncoder().encode(got);
  if (got instanceof Uint8Array) return got;
  throw new ResultLinkError('unknown-challenge', `No challenge "${file}" here (the resolver gave no text).`);
}

/** Re-runs a result link's attempt on the trusted challenge and compares the verdict with its claim. */
export async function verifyWith(engine: WorldFactory, link: string, options: VerifyOptions): Promise<VerifyReport> {
  const result = decodeResultLink(link);
  const bytes = await trustedText(options.challengeScene, result.challenge);
  if ((await challengeHash(bytes)) !== result.challengeHash)
    throw new ResultLinkError('hash-mismatch', `This result was made for another version of the challenge "${result.challenge}" (its SHA-256 differs).`);
  let trusted: Scene;
  try {
    trusted = JSON.parse(new TextDecoder().decode(bytes)) as Scene;
  } catch {
    throw new ResultLinkError('unknown-challenge', `The challenge scene "${result.challenge}" is not JSON.`);
  }
  const challenge = challengeOf(trusted);
  if (!challenge) throw new ResultLinkError('unknown-challenge', `"${result.challenge}" is not a challenge (it has no meta.challenge).`);
  const applied = refusing(() => applyAttempt(trusted, result.attempt));
  const world = refusing(() => engine.createWorld(applied.scene));
  try {
    checkAddedMass(world, applied.addedBodies, challenge.allow?.build?.maxMass);
    const verdict = await refereed(world, applied.scene, applied.parts, options.loadController);
    const holds = verdict.status === result.claim.status && scoresAgree(verdict.score, result.claim.score);
    const claimed = `${result.claim.status}${result.claim.score === null ? '' : `, score ${result.claim.score}`}`;
    const found = `${verdict.status}${verdict.score === null ? '' : `, score ${verdict.score}`}`;
    const message = holds ? `The claim holds: ${found} (${verdict.reason}).` : `The claim does not hold: it says ${claimed}; the run gives ${found} (${verdict.reason}).`;
    return { holds, verdict, claim: result.claim, message, result };
  } finally {
    world.dispose();
  }
}

/** The run's verdict: the controller (if the scene has one) enabled through the loader, then refereed. */
async function refereed(world: World, scene: Scene, parts: number, loader: ControllerLoader | undefined): Promise<ChallengeVerdict> {
  const challenge = challengeOf(scene)!;
  if (scene.controller) {
    const load = loader ?? (await import('./quickjs_controller')).quickJsControllerLoader();
    try {
      await world.enableController({ load });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { status: 'failure', time: null, score: null, reason: `the controller did not start: ${reason}` };
    }
  }
  return runChallenge(world, challenge, { parts });
}

/** An attempt that is not allowed, or a scene the loader refuses, is a bad link. */
function refusing<T>(f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof AttemptError) throw new ResultLinkError('not-allowed', `This result changes what the challenge does not allow: ${error.message}.`);
    const where = (error as { path?: unknown }).path;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ResultLinkError('not-allowed', `The attempt does not make a valid scene: ${typeof where === 'string' ? `${where}: ` : ''}${detail}`);
  }
}

/** The bodies the attempt added weigh no more than the budget. */
function checkAddedMass(world: World, added: string[], maxMass: number | undefined): void {
  if (maxMass === undefined || added.length === 0) return;
  const masses = new Map((JSON.parse(world.simulation.bodiesJson()) as { name: string; mass: number }[]).map((b) => [b.name, b.mass]));
  const total = added.reduce((sum, name) => sum + (masses.get(name) ?? 0), 0);
  if (!(total <= maxMass)) throw new ResultLinkError('not-allowed', `This result changes what the challenge does not allow: the added bodies weigh ${Number(total.toFixed(6))} kg; at most ${maxMass} kg are allowed.`);
}
