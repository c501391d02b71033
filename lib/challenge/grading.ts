// Grading a class (scripts/challenge.mjs grade, docs/grading.md): the list of submissions, its
// deterministic shards and the CSV of results. Pure functions: the command runs the verifications
// in worker threads and writes what these give. Every line of the list is a submission; a line
// that is not a readable link becomes a bad-link row, never an abort.

/** One submission of the list: its place (0-based, blank lines not counted), label and link. */
export interface Submission {
  index: number;
  /** The label given before a tab, or '' (the link's own label is used then). */
  label: string;
  link: string;
}

/**
 * The submissions of a links file: one per non-blank line, `label<TAB>link` or just the link.
 * Lines starting with '#' followed by a space are comments (a result link starts '#result=').
 */
export function parseSubmissions(text: string): Submission[] {
  const submissions: Submission[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('# ')) continue;
    const tab = raw.lastIndexOf('\t');
    const [label, link] = tab >= 0 ? [raw.slice(0, tab).trim(), raw.slice(tab + 1).trim()] : ['', line];
    submissions.push({ index: submissions.length, label, link });
  }
  return submissions;
}

/** "i/n" (1 ≤ i ≤ n) as numbers; throws a RangeError saying what it takes. */
export function parseShard(text: string): { shard: number; of: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const shard = match ? Number(match[1]) : NaN, of = match ? Number(match[2]) : NaN;
  if (!(of >= 1 && shard >= 1 && shard <= of && of <= 1_000_000)) throw new RangeError(`--shard takes i/n with 1 ≤ i ≤ n (e.g. 2/8), got '${text}'`);
  return { shard, of };
}

/** The submissions of shard i of n: those whose index mod n is i − 1 (shards 1..n together are the list, each once). */
export function shardOf<T extends { index: number }>(submissions: readonly T[], shard: number, of: number): T[] {
  return submissions.filter((s) => s.index % of === shard - 1);
}

export type GradeVerdict = 'holds' | 'fails' | 'bad-link';

/** One row of the results: why a run failed or a link is bad is in `reason`. */
export interface GradeRow {
  label: string;
  verdict: GradeVerdict;
  /** The run's status (success | failure); '' for a bad link. */
  status: string;
  score: number | null;
  claimedScore: number | null;
  /** Wall-clock seconds the verification took. */
  seconds: number;
  reason: string;
}

export const CSV_HEADER = 'label,verdict,status,score,claimed_score,seconds,reason';

/** A row of the CSV (RFC 4180 quoting; a label that a spreadsheet would read as a formula is defused). */
export function csvRow(row: GradeRow): string {
  const number = (x: number | null) => (x === null ? '' : String(x));
  return [csvField(row.label, true), row.verdict, row.status, number(row.score), number(row.claimedScore), row.seconds.toFixed(3), csvField(row.reason, true)].join(',');
}

/** A field as CSV: quoted when it holds a comma, quote or line break; untrusted text starting like a formula gets a leading '. */
export function csvField(text: string, untrusted = false): string {
  const safe = untrusted && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The label of a row: the list's, else the link's own (untrusted, shown), else the line number. */
export function rowLabel(submission: Submission, linkLabel: string | undefined): string {
  const label = submission.label || (linkLabel ?? '').trim() || `submission ${submission.index + 1}`;
  // (Control characters, line breaks among them, become spaces: one row per submission.)
  return [...label].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('').slice(0, 200);
}
