// The table of values (web/src/plots/value_table.ts): rows at k·step taken from the samples,
// exact where a row falls on a sample, linear in between, and its CSV with units and '.' decimals;
// and the page's plot CSV: every plot's samples side by side.
import { describe, expect, it } from 'vitest';
import { PlotHistory } from '../../web/src/plots/history';
import { sampleTable, tableCsv, valueAt, valueTable } from '../../web/src/plots/value_table';

/** Samples of sin(t) every `h` seconds from `from` to `to`, times as step·h like the timeline's. */
function sampled(h: number, from: number, to: number, f = Math.sin): PlotHistory {
  const history = new PlotHistory(1000);
  history.reset(1);
  for (let k = Math.round(from / h); k * h <= to + 1e-12; k++) history.push(k * h, [f(k * h)], undefined);
  return history;
}

describe('value table', () => {
  it('takes the sample at each row time when the step is a whole number of sampling intervals', () => {
    const history = sampled(0.001, 0, 1.05);
    const table = valueTable([{ labels: ['rod: q (rad)'], history, until: Infinity }], 0.1, 't (s)');
    expect(table.header).toEqual(['t (s)', 'rod: q (rad)']);
    expect(table.rows.map((row) => row[0])).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    for (const [t, q] of table.rows) {
      const k = Math.round(t / 0.001);
      expect(q).toBe(history.values[0][k]); // the sample itself, bitwise
    }
  });

  it('interpolates linearly between samples when the step is off the sampling grid', () => {
    const line = (t: number) => 3 * t - 1;
    const history = sampled(0.01, 0, 1, line);
    expect(valueAt(history.times, history.values[0], 0.123)).toBeCloseTo(line(0.123), 12);
    // sin between 10 ms samples: error below h²/8 ·max|sin''| = 1.25e-5.
    const sine = sampled(0.01, 0, 1);
    const table = valueTable([{ labels: ['x'], history: sine, until: Infinity }], 0.0037, 't (s)');
    expect(table.rows.length).toBe(Math.floor(1 / 0.0037) + 1);
    for (const [t, x] of table.rows) expect(Math.abs(x - Math.sin(t))).toBeLessThan(1.3e-5);
  });

  it('starts at the first whole step the samples cover and stops at the playhead', () => {
    const history = sampled(0.001, 0.2345, 1.5);
    const table = valueTable([{ labels: ['x'], history, until: 0.71 }], 0.1, 't (s)');
    expect(table.rows.map((row) => row[0])).toEqual([0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(valueAt(history.times, history.values[0], 0.2)).toBeNaN(); // before the samples
  });

  it('joins several plots, a label once only, and writes CSV with units and dot decimals', () => {
    const a = sampled(0.001, 0, 0.3), b = sampled(0.001, 0, 0.3, Math.cos);
    const table = valueTable(
      [
        { labels: ['rod: q (rad)'], history: a, until: Infinity },
        { labels: ['rod: q (rad)', 'rod: q̇ (rad/s)'], history: (() => {
          const both = new PlotHistory(1000);
          both.reset(2);
          a.times.forEach((t, i) => both.push(t, [a.values[0][i], b.values[0][i]], undefined));
          return both;
        })(), until: Infinity },
      ],
      0.1,
      't (s)',
    );
    expect(table.header).toEqual(['t (s)', 'rod: q (rad)', 'rod: q̇ (rad/s)']);
    const csv = tableCsv(table).trim().split('\n');
    expect(csv[0]).toBe('t (s),rod: q (rad),rod: q̇ (rad/s)');
    expect(csv.slice(1).map((line) => line.split(',').map(Number))).toEqual(table.rows);
    expect(csv[2]).toBe(`0.1,${Math.sin(0.1)},${Math.cos(0.1)}`);
  });

  it('puts every plot’s samples side by side, an empty cell where a plot has none, up to what each shows', () => {
    const energy = sampled(0.001, 0, 0.5, Math.cos); // plotted from the start
    const angle = sampled(0.001, 0.2, 0.5); // added at 0.2 s
    const table = sampleTable(
      [
        { labels: ['total (J)'], history: energy, until: 0.4 }, // its playhead went back to 0.4 s
        { labels: ['rod: q (rad)'], history: angle, until: Infinity },
      ],
      't (s)',
    );
    expect(table.header).toEqual(['t (s)', 'total (J)', 'rod: q (rad)']);
    expect(table.rows.length).toBe(501); // 0 … 0.5 s, each sample once
    expect(table.rows[3]).toEqual([0.003, energy.values[0][3], NaN]);
    expect(table.rows[250]).toEqual([0.25, energy.values[0][250], angle.values[0][50]]); // the samples, bitwise
    expect(table.rows[450]).toEqual([0.45, NaN, angle.values[0][250]]);
    const csv = tableCsv(table).trim().split('\n');
    expect(csv[4]).toBe(`0.003,${Math.cos(0.003)},`);
  });
});
