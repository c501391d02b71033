#!/usr/bin/env node
// Verifying and grading challenge results (docs/grading.md); fw-sim verify and fw-sim grade run this.
//   node scripts/challenge.mjs verify LINK [--challenges DIR]
//       exit 0: the claim holds; 1: it does not; 2: a bad link (unreadable, another version of
//       the challenge, changes the challenge does not allow). Prints the verdict.
//   node scripts/challenge.mjs grade LINKS.txt [--jobs N] [--shard i/n] [--out RESULTS.csv] [--challenges DIR]
//       one CSV row per submission (label, verdict, status, score, claimed_score, seconds,
//       reason), in the list's order, verified in N worker threads; exit 0 once all are graded.
//   node scripts/challenge.mjs link CHALLENGE.json (--controller FILE | --attempt FILE) [--label TEXT] [--claim-score X]
//       a result link for an attempt, claiming what its run gives (or the score given).
// The challenge scenes are the repository's public/scenes unless --challenges names another folder.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildChallengeLibrary, importChallengeLibrary, loadEngineForTools } from './challenge_library.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: challenge.mjs verify LINK [--challenges DIR]
       challenge.mjs grade LINKS.txt [--jobs N] [--shard i/n] [--out RESULTS.csv] [--challenges DIR]
       challenge.mjs link CHALLENGE.json (--controller FILE | --attempt FILE) [--label TEXT] [--claim-score X]
`;

/** The command's options: `--name value` pairs among the arguments; the rest are positional. */
function parseArguments(args, known) {
  const options = {}, positional = [];
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith('--')) positional.push(args[i]);
    else if (!known.includes(args[i].slice(2)) || i + 1 >= args.length) fail(`unknown option or missing value: ${args[i]}`);
    else options[args[i].slice(2)] = args[++i];
  }
  return { options, positional };
}

function fail(message, status = 2) {
  process.stderr.write(`challenge: ${message}\n${USAGE}`);
  process.exit(status);
}

/** Grades `submissions` in `jobs` worker threads; the rows in the submissions' order. */
async function gradeAll(submissions, jobs, library, challenges) {
  const rows = new Array(submissions.length);
  let next = 0, done = 0;
  if (submissions.length === 0) return rows;
  await new Promise((finish, reject) => {
    const start = () => {
      const worker = new Worker(join(repo, 'scripts/challenge_worker.mjs'), { workerData: { library, challenges } });
      let current = null;
      const feed = () => {
        if (next >= submissions.length) return void worker.terminate();
        current = next++;
        worker.postMessage(submissions[current]);
      };
      worker.on('message', (message) => {
        if (message.ready) return feed();
        rows[current] = message.row; // (one submission at a time per thread)
        current = null;
        if (++done === submissions.length) finish();
        feed();
      });
      // A thread that died (out of memory, say) fails its submission; another takes its place.
      worker.on('error', (error) => {
        if (current === null) return reject(new Error(`a grading thread could not start: ${error.message}`));
        const submission = submissions[current];
        rows[current] = { label: submission.label || `submission ${submission.index + 1}`, verdict: 'fails', status: '', score: null, claimedScore: null, seconds: 0, reason: `the grading thread died: ${error.message}` };
        current = null;
        if (++done === submissions.length) finish();
        else if (next < submissions.length) start();
      });
    };
    for (let j = 0; j < Math.min(jobs, submissions.length); j++) start();
  });
  return rows;
}

async function grade(args) {
  const { options, positional } = parseArguments(args, ['jobs', 'shard', 'out', 'challenges']);
  if (positional.length !== 1) fail('grade takes one links file');
  const library = await buildChallengeLibrary();
  const { grading } = await importChallengeLibrary(library);
  let text;
  try {
    text = readFileSync(positional[0], 'utf8');
  } catch (error) {
    fail(`cannot read ${positional[0]}: ${error.message}`);
  }
  const jobs = options.jobs === undefined ? availableParallelism() : Number(options.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) fail(`--jobs takes a whole number from 1 to 256, got '${options.jobs}'`);
  let submissions = grading.parseSubmissions(text);
  if (options.shard !== undefined) {
    let shard;
    try {
      shard = grading.parseShard(options.shard);
    } catch (error) {
      fail(error.message);
    }
    submissions = grading.shardOf(submissions, shard.shard, shard.of);
  }
  const started = performance.now();
  const rows = await gradeAll(submissions, jobs, library, challengesFolder(options)).catch((error) => fail(error.message));
  const csv = [grading.CSV_HEADER, ...rows.map((row) => grading.csvRow(row))].join('\n') + '\n';
  if (options.out) writeFileSync(options.out, csv);
  else process.stdout.write(csv);
  const count = (verdict) => rows.filter((row) => row.verdict === verdict).length;
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(`graded ${rows.length} submissions in ${seconds.toFixed(1)} s with ${jobs} job(s): ${count('holds')} hold, ${count('fails')} fail, ${count('bad-link')} bad links\n`);
}

function challengesFolder(options) {
  return resolve(options.challenges ?? join(repo, 'public/scenes'));
}

async function verify(args) {
  const { options, positional } = parseArguments(args, ['challenges']);
  if (positional.length !== 1) fail('verify takes one link');
  const library = await buildChallengeLibrary();
  const [row] = await gradeAll([{ index: 0, label: '', link: positional[0] }], 1, library, challengesFolder(options)).catch((error) => fail(error.message, 4));
  process.stdout.write(`${row.verdict}: ${row.reason}\n`);
  process.exit(row.verdict === 'holds' ? 0 : row.verdict === 'bad-link' ? 2 : 1);
}

/** A result link for an attempt, its claim what the run gives (so a teacher can make reference links, and tests theirs). */
async function link(args) {
  const { options, positional } = parseArguments(args, ['controller', 'attempt', 'label', 'claim-score', 'claim-status']);
  if (positional.length !== 1 || (options.controller === undefined) === (options.attempt === undefined)) fail('link takes a challenge scene and --controller or --attempt');
  const { featherweight } = await importChallengeLibrary(await buildChallengeLibrary());
  const bytes = readFileSync(positional[0]);
  const attempt = options.attempt ? JSON.parse(readFileSync(options.attempt, 'utf8')) : { controller: { source: readFileSync(options.controller, 'utf8') } };
  const result = { challenge: basename(positional[0]), challengeHash: await featherweight.challengeHash(bytes), attempt, claim: { status: 'failure', score: null }, label: options.label ?? '' };
  const engine = await loadEngineForTools(featherweight);
  const { verdict } = await featherweight.verifyChallenge(featherweight.encodeResultLink(result), { engine, challengeScene: bytes });
  result.claim = { status: options['claim-status'] ?? verdict.status, score: options['claim-score'] !== undefined ? Number(options['claim-score']) : verdict.score };
  process.stdout.write(`${featherweight.encodeResultLink(result)}\n`);
  process.stderr.write(`the run: ${verdict.status}${verdict.score === null ? '' : `, score ${verdict.score}`} (${verdict.reason})\n`);
}

// Node 20 could hang at exit, its output written, waiting for a V8 background task (seen in the
// wasm tools, now and then, under load): the work runs in a child whose V8 posts none.
if (!process.execArgv.includes('--single-threaded')) {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--single-threaded', ...process.execArgv, script, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (child.error) process.stderr.write(`challenge: cannot run: ${child.error.message}\n`);
  process.exit(child.status ?? 4);
}
const [command, ...rest] = process.argv.slice(2);
const commands = { verify, grade, link };
if (!commands[command]) fail(command ? `unknown command '${command}'` : 'no command');
try {
  await commands[command](rest);
  process.exit(process.exitCode ?? 0);
} catch (error) {
  // (Not a verdict: 1 would read as "the claim does not hold". The wasm build missing, say.)
  process.stderr.write(`challenge: cannot run: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(4);
}
