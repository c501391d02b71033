// Result links in the page: Submit makes one (the gallery file's name and SHA-256, the attempt,
// the claimed verdict, a label); a #result= link opens the challenge with its attempt applied,
// after checking the file the page ships is the one the result was made for. Encoding, applying
// and comparing are the library's (page_library.ts).
import { fetchSceneText } from '../scene/scene_source';
import type { SceneObject } from '../scene/scene_doc';
import { attemptOf } from './attempt';
import { sceneDifference } from './scene_difference';
import { scoreText, type PanelVerdict, type ScoreKind } from './challenge_panel';
import { applyAttemptToText, claimCheck, decodeResult, encodeResult, hashHex, isResultFragment, type ResultData } from './page_library';
import { t } from '../i18n/i18n';

export interface OpenedResult {
  file: string;
  sceneText: string;
  label: string;
  data: ResultData;
}

export const isResultLink = isResultFragment;

/** The shipped challenge file: its bytes (hashed) and its text. */
async function challengeFile(file: string): Promise<{ bytes: Uint8Array; text: string }> {
  const text = await fetchSceneText(file); // checks the name is a gallery scene file's
  const response = await fetch(`scenes/${file}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, text };
}

export class ResultLinks {
  private readonly originals = new Map<string, Promise<SceneObject>>();

  /** The shipped scene of a gallery file, fetched once. */
  original(file: string): Promise<SceneObject> {
    let found = this.originals.get(file);
    if (!found) {
      found = fetchSceneText(file).then((text) => JSON.parse(text) as SceneObject);
      found.catch(() => this.originals.delete(file));
      this.originals.set(file, found);
    }
    return found;
  }

  async make(given: { file: string; allow: object; doc: SceneObject; verdict: PanelVerdict; label: string }): Promise<{ link: string } | { error: string }> {
    try {
      const { bytes, text } = await challengeFile(given.file);
      const attempt = attemptOf(JSON.parse(text) as SceneObject, given.doc, given.allow);
      // What the verifier will run must be what ran here: anything else would not verify.
      const applied = applyAttemptToText(text, attempt);
      if ('error' in applied) return { error: `This attempt cannot be submitted: ${applied.error}.` };
      const changed = sceneDifference(JSON.parse(applied.text), given.doc);
      if (changed !== '') return { error: `This attempt cannot be submitted: the scene that ran differs from the challenge at ${changed}, which a result may not change. Open the challenge again from the scene list and change only what it allows.` };
      const fragment = encodeResult({
        challenge: given.file,
        challengeHash: await hashHex(bytes),
        attempt,
        claim: { status: given.verdict.status, score: given.verdict.score },
        label: given.label,
      });
      const url = new URL(window.location.href);
      url.searchParams.delete('scene');
      url.hash = fragment;
      return { link: url.href };
    } catch (error) {
      return { error: `The result link could not be made: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  /** A #result= link's attempt, ready to run; or what is wrong with the link. */
  async open(fragment: string): Promise<OpenedResult | { error: string }> {
    const decoded = decodeResult(fragment);
    if ('error' in decoded) return { error: decoded.error };
    const data = decoded.result;
    let shipped: { bytes: Uint8Array; text: string };
    try {
      shipped = await challengeFile(data.challenge);
    } catch (error) {
      return { error: `This result link is for the challenge "${data.challenge}", which this site cannot open (${error instanceof Error ? error.message : String(error)}).` };
    }
    if ((await hashHex(shipped.bytes)) !== data.challengeHash) {
      return { error: `This result was made for another version of the challenge "${data.challenge}" (its file here has changed since), so it cannot be checked here.` };
    }
    const applied = applyAttemptToText(shipped.text, data.attempt);
    if ('error' in applied) return { error: `This result link's attempt is refused: ${applied.error}` };
    return { file: data.challenge, sceneText: applied.text, label: data.label?.trim() || 'an unnamed student', data };
  }

  /** "claims success in 3.21 s". */
  claimText(result: OpenedResult, kind: ScoreKind): string {
    const { status, score } = result.data.claim;
    return status === 'success' ? t(kind === 'time' ? 'challenge.claimsSuccessIn' : 'challenge.claimsSuccessScore', { score: scoreText(kind, score) }) : t('challenge.claimsFailure');
  }

  /** Whether the verdict of the run bears out the claim, said in words. */
  compare(result: OpenedResult, verdict: PanelVerdict, kind: ScoreKind): [string, boolean] {
    const holds = claimCheck(result.data.claim, verdict);
    const got = verdict.status === 'success' ? t('challenge.gotSuccess', { score: scoreText(kind, verdict.score) }) : t('challenge.gotFailure', { reason: verdict.reason });
    const claimed = result.data.claim.status === 'success' ? t('challenge.gotSuccess', { score: scoreText(kind, result.data.claim.score) }) : t('challenge.claimedFailure');
    return holds ? [t('challenge.holds', { got }), true] : [t('challenge.doesNotHold', { claimed, got }), false];
  }
}
