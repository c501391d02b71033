// A grading thread of scripts/challenge.mjs: verifies the submissions it is sent, one at a time,
// and answers each with its CSV row. Every outcome is a row: a link that cannot be read is a
// bad-link row, a controller that fails is a failing run (the sandbox's reason), and an error of
// the verifier itself is a failing row saying so. The engine is loaded again after the QuickJS
// interpreter broke (a deep native recursion), since the engine may have been on that stack.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { importChallengeLibrary, loadEngineForTools } from './challenge_library.mjs';

const { featherweight, grading, sandbox } = await importChallengeLibrary(workerData.library);
const MAX_SCENE_BYTES = 16 << 20;
let engine = await loadEngineForTools(featherweight);

/** The trusted challenge scene: a plain file name of the challenges folder (never a path). */
function challengeScene(file) {
  if (!/^[A-Za-z0-9][\w.-]*\.json$/.test(file)) throw new Error(`"${file}" is not a challenge file name`);
  const path = join(workerData.challenges, file);
  const stat = statSync(path);
  if (!stat.isFile() || stat.size > MAX_SCENE_BYTES) throw new Error(`${file} is not a challenge scene file`);
  return readFileSync(path);
}

/** The label the link carries, if it can be read at all. */
function linkLabel(link) {
  try {
    return featherweight.decodeResultLink(link).label;
  } catch {
    return undefined;
  }
}

async function grade(submission) {
  const started = performance.now();
  const crashes = sandbox.sandboxCrashes();
  let row;
  try {
    const report = await featherweight.verifyChallenge(submission.link, { engine, challengeScene });
    const { verdict, claim } = report;
    row = { label: grading.rowLabel(submission, report.result.label), verdict: report.holds ? 'holds' : 'fails', status: verdict.status, score: verdict.score, claimedScore: claim.score, reason: report.message };
  } catch (error) {
    const badLink = error instanceof featherweight.ResultLinkError;
    const reason = badLink ? error.message : `the verifier failed: ${error instanceof Error ? error.message : String(error)}`;
    row = { label: grading.rowLabel(submission, linkLabel(submission.link)), verdict: badLink ? 'bad-link' : 'fails', status: '', score: null, claimedScore: null, reason };
  }
  if (sandbox.sandboxCrashes() !== crashes) engine = await loadEngineForTools(featherweight);
  return { ...row, seconds: (performance.now() - started) / 1000 };
}

parentPort.on('message', async (submission) => {
  parentPort.postMessage({ index: submission.index, row: await grade(submission) });
});
parentPort.postMessage({ ready: true });
