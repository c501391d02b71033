// Grading a class with scripts/challenge.mjs (docs/grading.md): every line becomes a CSV row in
// the list's order, a controller that reaches for the network or the file system or never returns
// fails with its reason while the rest are graded, the shards of a list together grade it exactly
// once, and the command decides a submission as the library does.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeHash, encodeResultLink, verifyChallenge, type ChallengeClaim, type Engine } from '../../lib/featherweight';
import { CSV_HEADER, csvField, parseShard, parseSubmissions, shardOf } from '../../lib/challenge/grading';
import { loadLibraryInNode, repoPath } from './engine';

const run = promisify(execFile);
const CHALLENGE = 'challenge-cart-pole-balance.json';
const sceneBytes = readFileSync(repoPath(`public/scenes/${CHALLENGE}`));
let engine: Engine;
let hash: string;
const folder = mkdtempSync(join(tmpdir(), 'fw-grading-'));

beforeAll(async () => {
  engine = await loadLibraryInNode();
  hash = await challengeHash(sceneBytes);
});

const link = (label: string, source: string, claim: ChallengeClaim) =>
  encodeResultLink({ challenge: CHALLENGE, challengeHash: hash, attempt: { controller: { source } }, claim, label });

/** Full-state feedback u = −K x with the gains given (K from LQR balances; weak gains let it fall). */
const feedback = (k: number[]) => `export function control(ctx) {
  const u = -(${k[0]} * ctx.q[0] + ${k[1]} * ctx.q[1] + ${k[2]} * ctx.qd[0] + ${k[3]} * ctx.qd[1]);
  ctx.setEffort('cart-pole/cart', Math.max(-20, Math.min(20, u)));
}`;
const LQR_GAINS = [-2.9, -56.4, -6, -15]; // about the LQR gain of Q = diag(1, 50, 1, 5), R = 0.1

/** A controller that balances until t ≥ 0.5 s, then does `act`. */
const reaching = (act: string) => `export function control(ctx) {
  ctx.setEffort('cart-pole/cart', 10 * ctx.q[1]);
  if (ctx.t >= 0.5) { ${act} }
}`;

const HOSTILE: [string, string, string][] = [
  ['fetch', `fetch('http://127.0.0.1:9/')`, 'it reached for fetch'],
  ['xhr', `new XMLHttpRequest()`, 'it reached for XMLHttpRequest'],
  ['websocket', `new WebSocket('ws://127.0.0.1:9/')`, 'it reached for WebSocket'],
  ['http', `import('node:http')`, "it tried to import 'node:http'"],
  ['require', `require('fs')`, 'it reached for require'],
  ['fs', `import('node:fs')`, "it tried to import 'node:fs'"],
  ['binding', `process.binding('fs')`, 'it reached for process'],
  ['loop', `while (true) {}`, 'it ran past its budget of work for one tick'],
];

function parseCsv(text: string): string[][] {
  // (The test's rows have no quoted commas except in the reason, the last column.)
  return text.trim().split('\n').map((line) => {
    const cells = line.split(',');
    return [...cells.slice(0, 6), cells.slice(6).join(',')];
  });
}

async function grade(list: string, ...options: string[]): Promise<string[][]> {
  const file = join(folder, `links-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, list);
  const { stdout } = await run('node', [repoPath('scripts/challenge.mjs'), 'grade', file, ...options], { maxBuffer: 1 << 24 });
  const rows = parseCsv(stdout);
  expect(rows[0].join(',')).toBe(CSV_HEADER);
  return rows.slice(1);
}

describe('grading a list of links', () => {
  it('grades every line in order, hostile controllers failing with their reason, and decides as the library does', async () => {
    const balanced = link('ada', feedback(LQR_GAINS), { status: 'failure', score: null });
    const library = await verifyChallenge(balanced, { engine, challengeScene: sceneBytes });
    expect(library.verdict.status).toBe('success'); // the gains balance it
    const honest = { status: library.verdict.status, score: library.verdict.score };
    const lines = [
      `ada\t${link('ada', feedback(LQR_GAINS), honest)}`,
      ...HOSTILE.map(([name, act]) => `${name}\t${link(name, reaching(act), { status: 'success', score: 10.5 })}`),
      'broken\t#result=1.AAAA',
      link('from the link', feedback([0, -8, 0, -1]), { status: 'failure', score: null }), // a weak PD: falls, as it claims
      `boasting\t${link('boasting', feedback(LQR_GAINS), { status: 'success', score: 1 })}`,
    ];
    const rows = await grade(lines.join('\n'), '--jobs', '2');
    expect(rows.map((r) => r[0])).toEqual(['ada', ...HOSTILE.map(([name]) => name), 'broken', 'from the link', 'boasting']);
    expect(rows[0].slice(1, 5)).toEqual(['holds', 'success', String(honest.score), String(honest.score)]);
    HOSTILE.forEach(([name, , reason], i) => {
      const row = rows[1 + i];
      expect(row.slice(1, 3), name).toEqual(['fails', 'failure']);
      expect(row[6], name).toContain(`the controller failed at t = 0.5000 s: ${reason}`);
    });
    expect(rows[9].slice(1, 3)).toEqual(['bad-link', '']);
    expect(rows[10].slice(1, 3)).toEqual(['holds', 'failure']);
    expect(rows[11].slice(1, 5)).toEqual(['fails', 'success', String(honest.score), '1']);
    for (const row of rows) expect(Number(row[5])).toBeGreaterThanOrEqual(0);
    expect(Number(rows[0][5])).toBeGreaterThan(0); // seconds the run took
  }, 240_000);

  it('shards 1/3, 2/3 and 3/3 together grade the whole list, each line once', async () => {
    const labels = Array.from({ length: 10 }, (_, i) => `student-${i}`);
    const list = labels.map((label, i) => (i % 3 === 0 ? `${label}\tnot a link` : `${label}\t${link(label, reaching('fetch()').replace('0.5', '0'), { status: 'failure', score: null })}`)).join('\n\n');
    const shards = await Promise.all([1, 2, 3].map((i) => grade(list, '--shard', `${i}/3`, '--jobs', '1')));
    const graded = shards.flat().map((row) => row[0]);
    expect([...graded].sort()).toEqual([...labels].sort());
    expect(new Set(graded).size).toBe(labels.length);
    expect(shards.map((rows) => rows.map((r) => r[0]))).toEqual([
      ['student-0', 'student-3', 'student-6', 'student-9'],
      ['student-1', 'student-4', 'student-7'],
      ['student-2', 'student-5', 'student-8'],
    ]);
  }, 240_000);
});

describe('the grading helpers', () => {
  it('read a links file: label<TAB>link or a link, blank lines and "# " comments skipped', () => {
    expect(parseSubmissions('a\t#result=1.x\n\n# a comment\n#result=1.y\r\n  \n b c \t #result=1.z')).toEqual([
      { index: 0, label: 'a', link: '#result=1.x' },
      { index: 1, label: '', link: '#result=1.y' },
      { index: 2, label: 'b c', link: '#result=1.z' },
    ]);
  });

  it('split a list into shards by index mod n, every index in exactly one', () => {
    const list = Array.from({ length: 17 }, (_, index) => ({ index }));
    const shards = [1, 2, 3, 4, 5].map((i) => shardOf(list, i, 5).map((s) => s.index));
    expect(shards.flat().sort((a, b) => a - b)).toEqual(list.map((s) => s.index));
    expect(shards[1]).toEqual([1, 6, 11, 16]);
    expect(parseShard('2/5')).toEqual({ shard: 2, of: 5 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1', '-1/2']) expect(() => parseShard(bad)).toThrow(RangeError);
  });

  it('quote CSV fields and defuse labels a spreadsheet would run as formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b "c"')).toBe('"a,b ""c"""');
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1', false)).toBe('-1');
  });
});
