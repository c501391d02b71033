// A table of the plotted quantities at a fixed time step the teacher chooses (t = 0, 0.1, 0.2 …
// for a 0.1 s step), read from the plots' histories. Those hold a sample at every sampling step
// (timeline/sampling.ts: every time step, at most every millisecond). When the table's step is a
// whole number of sampling intervals (0.1 s on a 1 ms grid), every row falls on a sample and its
// values are that sample's, exactly. Otherwise (a step finer than the sampling, or off its grid)
// a row lies between two samples and is interpolated linearly between them: its error is of the
// order of h²·|ẍ|/8 for a sampling interval h, far below what the table shows.
import type { PlotHistory } from './history';

/** One plot's contribution: its series' labels (with units) and its samples. */
export interface TableSource {
  labels: string[];
  history: PlotHistory;
  /** Samples after this time are not shown (the timeline's playhead went back). */
  until: number;
}

export interface ValueTable {
  /** "t (s)", then one label per column. */
  header: string[];
  /** Per row: t, then the columns' values (NaN where a plot has no sample then). */
  rows: number[][];
}

/** How far apart two times may be and still be the same sampling step (steps are step·dt). */
const SAME_TIME = 1e-9;

/** The value of `series` at `time` from samples at `times` (sorted), or NaN outside them. */
export function valueAt(times: number[], series: number[], time: number, count = times.length): number {
  if (count === 0 || time < times[0] - SAME_TIME || time > times[count - 1] + SAME_TIME) return NaN;
  let lo = 0, hi = count; // the first sample after `time`
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= time + SAME_TIME) lo = mid + 1;
    else hi = mid;
  }
  const below = lo - 1;
  if (Math.abs(times[below] - time) <= SAME_TIME || below + 1 >= count) return series[below];
  const t0 = times[below], t1 = times[below + 1];
  return series[below] + ((series[below + 1] - series[below]) * (time - t0)) / (t1 - t0);
}

/** The time grid k·step (k whole) from the earliest to the latest time any source covers. */
function gridTimes(sources: TableSource[], step: number): number[] {
  let first = Infinity, last = -Infinity;
  for (const { history, until } of sources) {
    if (history.times.length === 0) continue;
    first = Math.min(first, history.times[0]);
    last = Math.max(last, Math.min(until, history.last));
  }
  if (!(step > 0) || !Number.isFinite(first) || last < first) return [];
  const k0 = Math.ceil(first / step - SAME_TIME), k1 = Math.floor(last / step + SAME_TIME);
  // k·step, rounded to the nanosecond: 3·0.1 is 0.30000000000000004, the table says 0.3.
  return Array.from({ length: Math.max(0, k1 - k0 + 1) }, (_, i) => Number(((k0 + i) * step).toFixed(9)));
}

/** Every sample time any source shows, once each, rounded to the nanosecond as the grid's are. */
function sampleTimes(sources: TableSource[]): number[] {
  const all: number[] = [];
  for (const { history, until } of sources) all.push(...history.times.slice(0, history.countUpTo(until)));
  all.sort((a, b) => a - b);
  const times: number[] = [];
  for (const time of all) if (times.length === 0 || time - times[times.length - 1] > SAME_TIME) times.push(time);
  return times.map((time) => Number(time.toFixed(9)));
}

/** The sources at `times`: one column per series of each source, a label once only. */
function tableAt(sources: TableSource[], times: number[], timeLabel: string): ValueTable {
  const columns: { label: string; source: TableSource; series: number }[] = [];
  for (const source of sources) {
    source.labels.forEach((label, series) => {
      if (!columns.some((column) => column.label === label)) columns.push({ label, source, series });
    });
  }
  const rows = times.map((time) => [
    time,
    ...columns.map(({ source, series }) => {
      const count = source.history.countUpTo(source.until);
      return valueAt(source.history.times, source.history.values[series] ?? [], time, count);
    }),
  ]);
  return { header: [timeLabel, ...columns.map((column) => column.label)], rows };
}

/** The table at `step` seconds. */
export function valueTable(sources: TableSource[], step: number, timeLabel: string): ValueTable {
  return tableAt(sources, gridTimes(sources, step), timeLabel);
}

/** The table at every sample the sources show: the plots' own numbers, side by side (a time one plot has no sample at is an empty cell there). */
export function sampleTable(sources: TableSource[], timeLabel: string): ValueTable {
  return tableAt(sources, sampleTimes(sources), timeLabel);
}

/** The table as CSV: the header with units, '.' decimals always, an empty cell for no value. */
export function tableCsv(table: ValueTable): string {
  const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [table.header.map(cell).join(','), ...table.rows.map((row) => row.map((x) => (Number.isFinite(x) ? String(x) : '')).join(','))];
  return lines.join('\n') + '\n';
}
