// docs/library.md's examples run as written, against the built library (dist-lib).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoPath } from './engine';

const run = (file: string) => execFileSync(process.execPath, [repoPath(file)], { encoding: 'utf8' });

describe('library examples', () => {
  it('swing_up_sweep.mjs runs initial conditions across threads and reports the catches and throughput', () => {
    const out = execFileSync(process.execPath, [repoPath('examples/swing_up_sweep.mjs'), '9', '2'], { encoding: 'utf8' });
    expect(out).toMatch(/^caught 9 of 9 initial conditions within 10 s/);
    expect(Number(/: (\d+) simulated seconds per wall-clock second/.exec(out)?.[1])).toBeGreaterThan(1);
  });

  it('cart_pole_lqr.mjs balances the pole with the scene controller in Node', () => {
    expect(run('examples/cart_pole_lqr.mjs')).toMatch(/^balanced: /);
  });

  it('pendulum.mjs prints the period of a 1 rad swing and balanced energy books', () => {
    const out = run('examples/pendulum.mjs');
    expect(Number(/period (\d+\.\d+) s/.exec(out)?.[1])).toBeCloseTo(2.139, 2);
    expect(Math.abs(Number(/balance (\S+) J/.exec(out)?.[1]))).toBeLessThan(1e-6);
  });

  it('arm_gravity.mjs holds the arm still and gives the tip a velocity from the Jacobian', () => {
    const out = run('examples/arm_gravity.mjs');
    expect(Number(/the tool moved (\S+) m/.exec(out)?.[1])).toBeLessThan(1e-6);
    const v = /moves the tip at \((\S+), (\S+), (\S+)\) m\/s/.exec(out)!.slice(1).map(Number);
    expect(Math.hypot(v[0], v[1], v[2])).toBeGreaterThan(0.1);
  });
});
