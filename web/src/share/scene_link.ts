// Scene share links: a whole scene carried in the URL fragment as `#scene=1.<data>`, where `1`
// is the link format and <data> is the scene's JSON, zlib-compressed, in base64url without
// padding. The zlib trailer's Adler-32 checksum catches a link that was cut short or altered.
// Decoding never trusts the link: every failure is a message saying what is wrong with it, and
// the inflated size is capped while inflating, so a small link cannot expand into gigabytes.
// Whether the scene is valid physics is for the engine's loader to say (sim.load).
import { zlibSync } from 'fflate';
import { parse as parseLenient, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { fromBase64Url, inflateCapped, toBase64Url } from '../../../lib/link_codec';
import { jsonDepthProblem } from '../guard/json_depth';

// (The encoding is the library's, shared with result links.)
export { adler32, fromBase64Url, inflateCapped, toBase64Url } from '../../../lib/link_codec';

export const SCENE_LINK_PREFIX = '#scene=';
/** The link format this page writes and reads. */
export const LINK_FORMAT = 1;
/** The largest scene a link may expand to, in bytes of JSON text. */
export const MAX_SCENE_BYTES = 4 * 1024 * 1024;

export type DecodedLink = { text: string } | { error: string };

/** True when the fragment (location.hash, with or without its '#') claims to be a scene link. */
export function isSceneLink(fragment: string): boolean {
  return withHash(fragment).startsWith(SCENE_LINK_PREFIX);
}

export function encodeSceneLink(scene: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(scene));
  return `${SCENE_LINK_PREFIX}${LINK_FORMAT}.${toBase64Url(zlibSync(bytes, { level: 9 }))}`;
}

export function decodeSceneLink(fragment: string): DecodedLink {
  const hash = withHash(fragment);
  if (!hash.startsWith(SCENE_LINK_PREFIX)) return { error: `Not a scene link: a scene link starts with "${SCENE_LINK_PREFIX}".` };
  const body = hash.slice(SCENE_LINK_PREFIX.length);
  const dot = body.indexOf('.');
  const tag = dot < 0 ? '' : body.slice(0, dot);
  if (tag !== String(LINK_FORMAT)) return { error: unknownTagMessage(tag) };

  const bytes = fromBase64Url(body.slice(dot + 1));
  if (typeof bytes === 'string') return { error: `This scene link is damaged: ${bytes}. Copy the whole link again.` };
  const inflated = inflateCapped(bytes, MAX_SCENE_BYTES);
  if (inflated === 'too-large') {
    return { error: `This scene link expands to more than ${MAX_SCENE_BYTES / (1024 * 1024)} MB of scene text; the page refuses scenes that large.` };
  }
  if (inflated === 'damaged') {
    return { error: 'This scene link is damaged: it was cut short or altered (its data does not check out). Copy the whole link again.' };
  }

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return { error: 'This scene link does not hold text (its data is not UTF-8).' };
  }
  const problem = sceneProblem(text);
  return problem ? { error: `This scene link does not hold a Featherweight scene: ${problem}` } : { text };
}

function withHash(fragment: string): string {
  return fragment.startsWith('#') ? fragment : `#${fragment}`;
}

function unknownTagMessage(tag: string): string {
  if (/^\d+$/.test(tag) && Number(tag) > LINK_FORMAT) {
    return `This scene link was made by a newer Featherweight (link format ${tag}; this page reads format ${LINK_FORMAT}). Open it with the newer page.`;
  }
  const shown = tag.length > 20 ? `${tag.slice(0, 20)}…` : tag;
  return `This scene link has an unknown format tag "${shown}" (this page reads format ${LINK_FORMAT}).`;
}

// ---- is it a scene at all ----

/** What keeps the text from being a scene document, or '' (its physics is the loader's business). */
function sceneProblem(text: string): string {
  const tooDeep = jsonDepthProblem(text); // before any recursive parser sees it
  if (tooDeep) return tooDeep;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `the text is not JSON (${syntaxErrorPlace(text, error)}).`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `the JSON is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not a scene object.`;
  }
  const scene = value as { format?: unknown; version?: unknown };
  if (scene.format !== 'featherweight-scene') {
    return `/format: expected "featherweight-scene", got ${scene.format === undefined ? 'nothing' : JSON.stringify(scene.format)}.`;
  }
  if (typeof scene.version !== 'number' || !Number.isInteger(scene.version)) {
    return `/version: expected an integer, got ${scene.version === undefined ? 'nothing' : JSON.stringify(scene.version)}.`;
  }
  return '';
}

/** "line L, column C: what" for the first syntax error, found by a tolerant parser that reports offsets. */
function syntaxErrorPlace(text: string, thrown: unknown): string {
  const errors: ParseError[] = [];
  parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length === 0) return String((thrown as Error).message ?? thrown);
  const { offset, error } = errors[0];
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const code = printParseErrorCode(error);
  const what = code === 'InvalidSymbol'
    ? `unexpected character ${JSON.stringify(text.charAt(offset))}`
    : code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(); // "CommaExpected" → "comma expected"
  return `line ${line}, column ${column}: ${what}`;
}
