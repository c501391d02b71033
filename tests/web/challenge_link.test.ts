// Result links (lib/challenge/result_link.ts): the round trip, damaged, over-large, malformed and
// newer links, each a ResultLinkError of its own kind; and the challenge hash (SHA-256 of the
// file's bytes) against known digests, the same through Web Crypto and node:crypto.
import { createHash } from 'node:crypto';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  type ChallengeResult, MAX_RESULT_BYTES, RESULT_LINK_PREFIX, ResultLinkError, challengeHash, decodeResultLink, encodeResultLink, isResultLink,
} from '../../lib/challenge/result_link';
import { toBase64Url } from '../../lib/link_codec';

const result = (): ChallengeResult => ({
  challenge: 'challenge-ball-in-cup.json',
  challengeHash: 'a'.repeat(64),
  attempt: { sliders: { '/bodies/0/linearVelocity/0': 2.5 }, controller: { source: 'export function control(ctx) { return { π: 3.14 }; }' } },
  claim: { status: 'success', score: 1.234 },
  label: 'Ada Lovelace (group 3)',
});

/** The kind of ResultLinkError decoding throws, or 'none'. */
function kindOf(link: string): string {
  try {
    decodeResultLink(link);
    return 'none';
  } catch (error) {
    expect(error).toBeInstanceOf(ResultLinkError);
    return (error as ResultLinkError).kind;
  }
}

const linkOfText = (text: string) => `${RESULT_LINK_PREFIX}1.${toBase64Url(zlibSync(new TextEncoder().encode(text)))}`;

describe('result links', () => {
  it('round-trip, as a fragment or a whole URL', () => {
    const link = encodeResultLink(result());
    expect(link.startsWith('#result=1.')).toBe(true);
    expect(isResultLink(link)).toBe(true);
    expect(decodeResultLink(link)).toEqual(result());
    expect(decodeResultLink(`https://example.org/featherweight/?x=1${link}`)).toEqual(result());
    expect(decodeResultLink(link.slice(1))).toEqual(result()); // without its '#'
  });

  it('a damaged link: cut short, a byte altered, a character outside base64url', () => {
    const link = encodeResultLink(result());
    expect(kindOf(link.slice(0, -5))).toBe('damaged');
    const altered = link.slice(0, 40) + (link[40] === 'A' ? 'B' : 'A') + link.slice(41);
    expect(kindOf(altered)).toBe('damaged');
    expect(() => decodeResultLink(`${link.slice(0, 30)}$${link.slice(31)}`)).toThrow(/damaged: character 21 of its data \("\$"\) is not allowed in a result link/);
  });

  it('an over-large link is refused while inflating, not after', () => {
    const huge = new Uint8Array(MAX_RESULT_BYTES + 1).fill(0x20);
    const bomb = `${RESULT_LINK_PREFIX}1.${toBase64Url(zlibSync(huge, { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(5000);
    expect(kindOf(bomb)).toBe('too-large');
  });

  it('not a result link, an unknown or newer format', () => {
    expect(kindOf('#scene=1.abc')).toBe('not-a-result-link');
    expect(kindOf(`${RESULT_LINK_PREFIX}x.abc`)).toBe('format');
    expect(() => decodeResultLink(`${RESULT_LINK_PREFIX}2.abc`)).toThrow(/newer Featherweight/);
  });

  it('a link whose JSON is not a result names what is wrong', () => {
    const bad = (value: unknown) => linkOfText(JSON.stringify(value));
    const r = result() as unknown as Record<string, unknown>;
    const cases: [unknown, RegExp][] = [
      [[1, 2], /expected a JSON object/],
      [{ ...r, extra: 1 }, /unknown field \/extra/],
      [{ ...r, challenge: '../etc/passwd' }, /\/challenge must be a scene file name/],
      [{ ...r, challengeHash: 'ABC' }, /\/challengeHash must be 64 lowercase hex digits/],
      [{ ...r, claim: { status: 'won', score: 1 } }, /\/claim\/status/],
      [{ ...r, claim: { status: 'success', score: '1' } }, /\/claim\/score/],
      [{ ...r, attempt: { physics: {} } }, /unknown field \/attempt\/physics/],
    ];
    for (const [value, message] of cases) expect(() => decodeResultLink(bad(value)), JSON.stringify(value).slice(0, 60)).toThrow(message);
    expect(kindOf(linkOfText('{"challenge": '))).toBe('not-a-result');
    expect(kindOf(linkOfText(`${'['.repeat(100000)}${']'.repeat(100000)}`))).toBe('not-a-result'); // nesting refused before parsing
  });
});

describe('the challenge hash', () => {
  it('is the SHA-256 hex of the bytes, text taken as UTF-8', async () => {
    expect(await challengeHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await challengeHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const text = '{"title": "Ballon dans la tasse — 5 kg"}\n';
    expect(await challengeHash(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(await challengeHash(new TextEncoder().encode(text))).toBe(await challengeHash(text));
  });

  it('works without Web Crypto (node:crypto)', async () => {
    const crypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto')!;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      expect(await challengeHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    } finally {
      Object.defineProperty(globalThis, 'crypto', crypto);
    }
  });
});
