// Result links: a student's attempt at a challenge and the score claimed for it, carried in a
// page URL fragment `#result=1.<data>` (<data>: the JSON, zlib-compressed, base64url; the codec
// of scene links, lib/link_codec.ts). Decoding never trusts the link: every failure is a
// ResultLinkError saying what is wrong, inflation is capped, and the JSON's shape is checked
// (bounded nesting, known fields, types) before anything reads it. Whether the attempt is
// allowed is the verifier's question (lib/challenge/verify.ts). The challenge is named by its
// gallery file and the SHA-256 of that file's bytes (challengeHash), so a result made for
// another version of the challenge is refused.
import { jsonDepthProblem } from '../json_depth';
import { compressText, decompressText } from '../link_codec';

export const RESULT_LINK_PREFIX = '#result=';
export const RESULT_LINK_FORMAT = 1;
/** The largest result a link may expand to, in bytes of JSON text (a scene's controller is ≤ 256 KiB). */
export const MAX_RESULT_BYTES = 1024 * 1024;
/** A result's JSON nests no deeper than this (parts are scene bodies: about ten levels). */
const MAX_RESULT_DEPTH = 32;

/** What the student changed: only what the challenge's `allow` permits is accepted by a verifier. */
export interface ChallengeAttempt {
  /** The scene's controller: its source and parameters (allow.controller). */
  controller?: { source?: string; parameters?: Record<string, number> };
  /** New values of the scene's meta.sliders, by their JSON Pointer paths (allow.sliders). */
  sliders?: Record<string, number>;
  /** Bodies, articulations and constraints appended to the scene's own (allow.build), in the scene format. */
  parts?: { bodies?: unknown[]; articulations?: unknown[]; constraints?: unknown[] };
}

export interface ChallengeClaim {
  status: 'success' | 'failure';
  /** The claimed score; null with a failure. */
  score: number | null;
}

export interface ChallengeResult {
  /** The challenge's gallery scene file, e.g. "challenge-cart-pole-balance.json". */
  challenge: string;
  /** SHA-256 (lowercase hex) of that file's bytes as shipped. */
  challengeHash: string;
  attempt: ChallengeAttempt;
  claim: ChallengeClaim;
  /** Who made it: free text, shown, not trusted. */
  label?: string;
}

/**
 * What is wrong with a link: not one, an unknown format, damaged, too large, not a result; when
 * verifying, also: made for another version of the challenge, a challenge the verifier does not
 * have, or an attempt changing what the challenge does not allow.
 */
export type ResultLinkProblem =
  | 'not-a-result-link' | 'format' | 'damaged' | 'too-large' | 'not-a-result' | 'hash-mismatch' | 'unknown-challenge' | 'not-allowed';

/** A link that cannot be read: `kind` for programs (fw-sim exits 2 on any), `message` for people. */
export class ResultLinkError extends Error {
  constructor(
    readonly kind: ResultLinkProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ResultLinkError';
  }
}

/** True when the text (a fragment, or a whole URL with one) claims to be a result link. */
export function isResultLink(link: string): boolean {
  return fragmentOf(link).startsWith(RESULT_LINK_PREFIX);
}

/** The fragment `#result=1.<data>` of a result. */
export function encodeResultLink(result: ChallengeResult): string {
  return `${RESULT_LINK_PREFIX}${RESULT_LINK_FORMAT}.${compressText(JSON.stringify(result))}`;
}

/** The result a link carries (a fragment, or a whole URL ending in one); throws ResultLinkError. */
export function decodeResultLink(link: string): ChallengeResult {
  if (typeof link !== 'string') throw new ResultLinkError('not-a-result-link', 'A result link is text.');
  const hash = fragmentOf(link.trim());
  if (!hash.startsWith(RESULT_LINK_PREFIX)) throw new ResultLinkError('not-a-result-link', `Not a result link: its fragment starts with "${RESULT_LINK_PREFIX}".`);
  const body = hash.slice(RESULT_LINK_PREFIX.length);
  const dot = body.indexOf('.');
  const tag = dot < 0 ? '' : body.slice(0, dot);
  if (tag !== String(RESULT_LINK_FORMAT)) {
    const newer = /^\d+$/.test(tag) && Number(tag) > RESULT_LINK_FORMAT;
    throw new ResultLinkError('format', newer
      ? `This result link was made by a newer Featherweight (format ${tag}; this one reads format ${RESULT_LINK_FORMAT}).`
      : `This result link has an unknown format tag "${tag.slice(0, 20)}" (format ${RESULT_LINK_FORMAT} is read).`);
  }
  const data = decompressText(body.slice(dot + 1), MAX_RESULT_BYTES, 'result link');
  if ('problem' in data) {
    if (data.problem === 'too-large') throw new ResultLinkError('too-large', `This result link expands to more than ${MAX_RESULT_BYTES / 1024} KiB; results are refused beyond that.`);
    const detail = data.problem === 'base64' ? data.detail : data.problem === 'not-text' ? 'its data is not UTF-8 text' : 'it was cut short or altered (its data does not check out)';
    throw new ResultLinkError('damaged', `This result link is damaged: ${detail}. Copy the whole link again.`);
  }
  return parseResult(data.text);
}

function fragmentOf(link: string): string {
  const at = link.indexOf('#');
  return at >= 0 ? link.slice(at) : `#${link}`;
}

/** The JSON text of a result, checked for shape; throws ResultLinkError('not-a-result'). */
export function parseResult(text: string): ChallengeResult {
  const bad = (what: string): never => {
    throw new ResultLinkError('not-a-result', `This result link does not hold a challenge result: ${what}.`);
  };
  const tooDeep = jsonDepthProblem(text, MAX_RESULT_DEPTH);
  if (tooDeep) bad(tooDeep);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad('its text is not JSON');
  }
  if (!isObject(value)) return bad('expected a JSON object');
  for (const key of Object.keys(value)) if (!['challenge', 'challengeHash', 'attempt', 'claim', 'label'].includes(key)) bad(`unknown field /${key}`);
  const { challenge, challengeHash, attempt, claim, label } = value;
  if (typeof challenge !== 'string' || !/^[\w.-]{1,200}$/.test(challenge)) bad('/challenge must be a scene file name (letters, digits, ".", "-", "_")');
  if (typeof challengeHash !== 'string' || !/^[0-9a-f]{64}$/.test(challengeHash)) bad('/challengeHash must be 64 lowercase hex digits (SHA-256)');
  if (label !== undefined && (typeof label !== 'string' || label.length > 200)) bad('/label must be text of at most 200 characters');
  if (!isObject(attempt)) return bad('/attempt must be an object');
  for (const key of Object.keys(attempt)) if (!['controller', 'sliders', 'parts'].includes(key)) bad(`unknown field /attempt/${key}`);
  if (!isObject(claim)) return bad('/claim must be an object');
  for (const key of Object.keys(claim)) if (!['status', 'score'].includes(key)) bad(`unknown field /claim/${key}`);
  if (claim.status !== 'success' && claim.status !== 'failure') bad('/claim/status must be "success" or "failure"');
  if (!(claim.score === null || (typeof claim.score === 'number' && Number.isFinite(claim.score)))) bad('/claim/score must be a finite number or null');
  return value as unknown as ChallengeResult;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** SHA-256 (lowercase hex) of a challenge scene file's bytes (text is taken as UTF-8): Web Crypto, or node:crypto. */
export async function challengeHash(file: string | Uint8Array): Promise<string> {
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array(file);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
    return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(bytes).digest('hex');
}
