// The data of a link in a URL fragment: JSON, zlib-compressed, in base64url without padding,
// after a prefix and a format tag: `#scene=1.<data>` (web/src/share/scene_link.ts), `#result=1.<data>`
// (lib/challenge/result_link.ts). The zlib trailer's Adler-32 checksum catches a link cut short
// or altered; inflating is capped as it goes, so a small link cannot expand into gigabytes.
import { Unzlib, zlibSync } from 'fflate';

/** Compressed bytes handed to the inflater at a time: at most ~1 MB of output each. */
const INFLATE_SLICE = 1024;

/** The fragment's data: base64url of the zlib-compressed UTF-8 of `text`. */
export function compressText(text: string): string {
  return toBase64Url(zlibSync(new TextEncoder().encode(text), { level: 9 }));
}

/** What a link's data holds, or what is wrong with it ('damaged', 'too-large', 'not-text' or a base64 problem). */
export function decompressText(data: string, cap: number, what: string): { text: string } | { problem: 'too-large' | 'damaged' | 'not-text' } | { problem: 'base64'; detail: string } {
  const bytes = fromBase64Url(data, what);
  if (typeof bytes === 'string') return { problem: 'base64', detail: bytes };
  const inflated = inflateCapped(bytes, cap);
  if (typeof inflated === 'string') return { problem: inflated };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(inflated) };
  } catch {
    return { problem: 'not-text' };
  }
}

// ---- base64url (RFC 4648 §5), without padding ----

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE_OF = new Map([...ALPHABET].map((c, i) => [c, i]));

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes, or what is wrong with the text. */
export function fromBase64Url(text: string, what = 'scene link'): Uint8Array | string {
  for (let i = 0; i < text.length; i++) {
    if (!VALUE_OF.has(text[i])) return `character ${i + 1} of its data ("${text[i]}") is not allowed in a ${what}`;
  }
  if (text.length % 4 === 1) return 'its data ends in the middle of a byte (it was cut short)';
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0, buffer = 0, at = 0;
  for (const c of text) {
    buffer = ((buffer << 6) | VALUE_OF.get(c)!) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

// ---- zlib, inflated a slice at a time under a cap ----

/** The inflated bytes; 'too-large' as soon as they pass `cap`; 'damaged' if the stream or checksum is bad. */
export function inflateCapped(data: Uint8Array, cap: number): Uint8Array | 'too-large' | 'damaged' {
  if (data.length < 6) return 'damaged'; // header (2) + checksum (4)
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Unzlib((chunk) => {
    size += chunk.length;
    if (size <= cap) chunks.push(chunk);
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_SLICE) {
      inflater.push(data.subarray(at, at + INFLATE_SLICE), false);
      if (size > cap) return 'too-large';
    }
    inflater.push(new Uint8Array(0), true);
  } catch {
    return 'damaged';
  }
  if (size > cap) return 'too-large';
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  // fflate does not check the zlib trailer: compare it with the Adler-32 of what came out.
  const t = data.length - 4;
  const expected = ((data[t] << 24) | (data[t + 1] << 16) | (data[t + 2] << 8) | data[t + 3]) >>> 0;
  return adler32(out) === expected ? out : 'damaged';
}

export function adler32(bytes: Uint8Array): number {
  const MOD = 65521;
  let a = 1, b = 0;
  // Reduced every 5552 bytes (zlib's NMAX), so the sums stay small exact integers.
  for (let i = 0; i < bytes.length; ) {
    const end = Math.min(i + 5552, bytes.length);
    for (; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= MOD;
    b %= MOD;
  }
  return ((b << 16) | a) >>> 0;
}
