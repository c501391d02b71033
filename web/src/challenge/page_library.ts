// The library's challenge modules (lib/challenge) as the page uses them: the referee over the
// page's own buffers, result links (encode, decode), the attempt applied to the challenge scene,
// the claim compared with a verdict, and the SHA-256 of the challenge file's bytes. The page
// re-implements none of it: this file only adapts names.
import type { WorldViews } from '../../../lib/views';
import type { Challenge, ChallengeVerdict } from '../../../lib/challenge/challenge_types';
import { WorldProbe } from '../../../lib/challenge/world_probe';
import { Referee } from '../../../lib/challenge/referee';
import { applyAttempt, countParts } from '../../../lib/challenge/attempt';
import { challengeHash, decodeResultLink, encodeResultLink, isResultLink, type ChallengeAttempt, type ChallengeResult } from '../../../lib/challenge/result_link';
import type { Scene } from '../../../lib/scene.generated';
import { scoresAgree } from '../../../lib/challenge/verify';
import type { LiveReferee } from './challenge_run';

export type { Challenge, ChallengeVerdict };
export { countParts };

/** A referee watching the page's world from t = 0; `parts()`: how many parts the attempt added, for the "parts" score. */
export function liveReferee(challenge: Challenge, views: WorldViews, parts: () => number): LiveReferee {
  const referee = new Referee(challenge, new WorldProbe(views), {
    get parts() {
      return parts();
    },
  });
  return {
    observe: () => referee.observe(),
    heldFor: () => referee.progress.held?.seconds ?? null,
  };
}

export type ResultData = ChallengeResult;
export const isResultFragment = isResultLink;
export const encodeResult = encodeResultLink;
export const hashHex = challengeHash;

/** The result a fragment carries, or what is wrong with it in words. */
export function decodeResult(fragment: string): { result: ChallengeResult } | { error: string } {
  try {
    return { result: decodeResultLink(fragment) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The shipped challenge scene's text with the attempt applied, or why it is refused. */
export function applyAttemptToText(sceneText: string, attempt: ChallengeAttempt): { text: string; parts: number } | { error: string } {
  try {
    const applied = applyAttempt(JSON.parse(sceneText) as Scene, attempt);
    return { text: JSON.stringify(applied.scene), parts: applied.parts };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a run's verdict bears out a claim: the same status, and the score within the verifier's tolerance. */
export function claimCheck(claim: ChallengeResult['claim'], verdict: ChallengeVerdict): boolean {
  return claim.status === verdict.status && scoresAgree(verdict.score, claim.score);
}
