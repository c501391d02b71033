// Each predicate of a challenge's goal (lib/challenge/predicates.ts) and the referee
// (lib/challenge/referee.ts) against hand-made trajectories: a fake probe steps through scripted
// states, and each test says at which step the goal first holds (or that it never does).
import { describe, expect, it } from 'vitest';
import type { ChallengeProbe, Predicate, Region } from '../../lib/challenge/challenge_types';
import { compilePredicate } from '../../lib/challenge/predicates';
import { Referee } from '../../lib/challenge/referee';
import type { Vec3 } from '../../lib/types';

/** One scripted state: what the probe answers after a step. */
interface State {
  position?: Record<string, Vec3>;
  velocity?: Record<string, Vec3>;
  q?: Record<string, number>;
  energy?: number;
  touching?: [string, string][];
}

/** A probe stepping through states at dt: step k (from 1) shows states[k − 1] at t = k·dt. */
class ScriptedProbe implements ChallengeProbe {
  step = 0;
  constructor(
    private readonly states: State[],
    private readonly dt = 0.1,
  ) {}
  private get state(): State {
    return this.states[Math.min(this.step, this.states.length) - 1] ?? {};
  }
  advance(): void {
    this.step++;
  }
  time = () => this.step * this.dt;
  timestep = () => this.dt;
  bodyPosition(name: string, point: Vec3 = [0, 0, 0]): Vec3 {
    const p = this.state.position?.[name] ?? [0, 0, 0];
    return [p[0] + point[0], p[1] + point[1], p[2] + point[2]]; // bodies do not turn here
  }
  bodyVelocity = (name: string): Vec3 => this.state.velocity?.[name] ?? [0, 0, 0];
  jointQ = (name: string): number => this.state.q?.[name] ?? 0;
  energyUsed = (): number => this.state.energy ?? 0;
  touching = (a: string, b: string): boolean => (this.state.touching ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/** The goal's value after each step of the script. */
function trace(goal: Predicate, states: State[], regions: Region[] = [], dt = 0.1): boolean[] {
  const probe = new ScriptedProbe(states, dt);
  const evaluator = compilePredicate(goal, regions);
  return states.map(() => {
    probe.advance();
    return evaluator.evaluate(probe);
  });
}

const cup: Region = { name: 'cup', center: [1, 0, 0.5], size: [0.5, 0.5, 0.5] }; // exact binary bounds: 0.75 … 1.25
const at = (x: number, y = 0, z = 0.5): State => ({ position: { ball: [x, y, z] } });
const pole = (q: number): State => ({ q: { 'cart/pole': q } });
const T = true, F = false;

describe('leaf predicates', () => {
  it('inside: the body origin (or a point on it) within the box, boundary included', () => {
    const goal: Predicate = { inside: { body: 'ball', region: 'cup' } };
    expect(trace(goal, [at(0), at(0.74), at(0.75), at(1), at(1.25), at(1.2500001), at(1, 0.3), at(1, 0, 0.24)], [cup])).toEqual([F, F, T, T, T, F, F, F]);
    const tip: Predicate = { inside: { body: 'ball', region: 'cup', point: [0.5, 0, 0] } };
    expect(trace(tip, [at(0.5), at(1)], [cup])).toEqual([T, F]);
    expect(trace(goal, [at(0.5), at(1)], [cup])).toEqual([F, T]);
  });

  it('joint: |q − near| ≤ within', () => {
    const goal: Predicate = { joint: { name: 'cart/pole', near: 0.5, within: 0.1 } };
    expect(trace(goal, [pole(0), pole(0.39), pole(0.4), pole(0.5), pole(0.6), pole(0.61), pole(-0.5)])).toEqual([F, F, T, T, T, F, F]);
  });

  it('speed: |v| strictly below', () => {
    const goal: Predicate = { speed: { body: 'box', below: 0.5 } };
    const v = (x: number, y: number, z: number): State => ({ velocity: { box: [x, y, z] } });
    expect(trace(goal, [v(1, 0, 0), v(0.3, 0.4, 0), v(0.2, 0.2, 0.2), v(0, 0, -0.49), v(0, 0, 0)])).toEqual([F, F, T, T, T]);
  });

  it('height: z strictly above', () => {
    const goal: Predicate = { height: { body: 'ball', above: 0.5 } };
    expect(trace(goal, [at(0, 0, 0.2), at(0, 0, 0.5), at(0, 0, 0.51), at(5, 5, 2)])).toEqual([F, F, T, T]);
  });

  it('energyUsed: strictly below', () => {
    const goal: Predicate = { energyUsed: { below: 10 } };
    expect(trace(goal, [{ energy: 0 }, { energy: 9.99 }, { energy: 10 }, { energy: 25 }])).toEqual([T, T, F, F]);
  });

  it('touching: either order, only the pair named', () => {
    const goal: Predicate = { touching: { a: 'ball', b: 'floor' } };
    const states: State[] = [{}, { touching: [['floor', 'ball']] }, { touching: [['ball', 'wall']] }, { touching: [['ball', 'floor'], ['ball', 'wall']] }];
    expect(trace(goal, states)).toEqual([F, T, F, T]);
  });
});

describe('combinations', () => {
  const up = { joint: { name: 'cart/pole', near: 0, within: 0.1 } };
  const high = { height: { body: 'ball', above: 1 } };
  const both = (q: number, z: number): State => ({ q: { 'cart/pole': q }, position: { ball: [0, 0, z] } });
  const states = [both(0, 0), both(1, 2), both(0, 2), both(1, 0)];

  it('all, any, not', () => {
    expect(trace({ all: [up, high] }, states)).toEqual([F, F, T, F]);
    expect(trace({ any: [up, high] }, states)).toEqual([T, T, T, F]);
    expect(trace({ not: up }, states)).toEqual([F, T, F, T]);
    expect(trace({ not: { any: [up, high] } }, states)).toEqual([F, F, F, T]);
  });
});

describe('temporal predicates', () => {
  const up = { joint: { name: 'cart/pole', near: 0, within: 0.1 } };

  it('holdFor: true once the unbroken run spans the seconds (t − t_first + dt ≥ seconds)', () => {
    // dt 0.1: a hold of 0.3 s needs three consecutive true steps.
    const goal: Predicate = { holdFor: { seconds: 0.3, goal: up } };
    expect(trace(goal, [pole(0), pole(0), pole(0), pole(0)].map((s) => s))).toEqual([F, F, T, T]);
  });

  it('holdFor: an interrupted hold starts again from its next true step', () => {
    const goal: Predicate = { holdFor: { seconds: 0.3, goal: up } };
    const states = [pole(0), pole(0), pole(1), pole(0), pole(0), pole(1), pole(0), pole(0), pole(0)];
    expect(trace(goal, states)).toEqual([F, F, F, F, F, F, F, F, T]);
  });

  it('holdFor: exact at awkward time steps (1/240 s, 10 s = 2400 steps)', () => {
    const dt = 1 / 240;
    const goal: Predicate = { holdFor: { seconds: 10, goal: up } };
    const result = trace(goal, Array.from({ length: 2401 }, () => pole(0)), [], dt);
    expect(result.indexOf(true)).toBe(2399); // the 2400th step: t − t_first + dt = 10
  });

  it('always: once false, false for good', () => {
    const goal: Predicate = { always: up };
    expect(trace(goal, [pole(0), pole(0), pole(1), pole(0)])).toEqual([T, T, F, F]);
    const without: Predicate = { always: { not: { touching: { a: 'ball', b: 'wall' } } } };
    expect(trace(without, [{}, { touching: [['wall', 'ball']] }, {}])).toEqual([T, F, F]);
  });

  it('before: latched once its goal holds at a step with t ≤ time; too late never counts', () => {
    const goal: Predicate = { before: { time: 0.3, goal: up } };
    expect(trace(goal, [pole(1), pole(1), pole(0), pole(1), pole(1)])).toEqual([F, F, T, T, T]);
    expect(trace(goal, [pole(1), pole(1), pole(1), pole(0), pole(0)])).toEqual([F, F, F, F, F]);
  });

  it('temporal nodes keep their state while siblings are false (no short-circuit)', () => {
    // all: [energy below 1 (false at first), holdFor 0.3 of up]: the hold counts from step 1.
    const goal: Predicate = { all: [{ energyUsed: { below: 1 } }, { holdFor: { seconds: 0.3, goal: up } }] };
    const s = (energy: number): State => ({ energy, q: { 'cart/pole': 0 } });
    expect(trace(goal, [s(5), s(5), s(0), s(0)])).toEqual([F, F, T, T]);
  });

  it('reset forgets the temporal state', () => {
    const probe = new ScriptedProbe([pole(0), pole(0), pole(0)]);
    const evaluator = compilePredicate({ holdFor: { seconds: 0.2, goal: up } });
    probe.advance();
    evaluator.evaluate(probe);
    probe.advance();
    expect(evaluator.evaluate(probe)).toBe(true);
    evaluator.reset();
    probe.advance();
    expect(evaluator.evaluate(probe)).toBe(false);
    expect(evaluator.held()).toEqual({ seconds: 0.1, needed: 0.2 });
  });
});

describe('the referee', () => {
  const up = { joint: { name: 'cart/pole', near: 0, within: 0.1 } };
  const run = (referee: Referee, probe: ScriptedProbe, steps: number) => {
    for (let k = 0; k < steps; k++) {
      probe.advance();
      const verdict = referee.observe();
      if (verdict) return verdict;
    }
    return null;
  };

  it('success at the first step the goal holds, scored by time', () => {
    const probe = new ScriptedProbe([pole(1), pole(1), pole(0), pole(0)]);
    const referee = new Referee({ goal: up, timeLimit: 1, score: 'time' }, probe);
    const verdict = run(referee, probe, 10)!;
    expect(verdict).toMatchObject({ status: 'success', score: 0.30000000000000004 });
    expect(verdict.time).toBe(probe.time());
    expect(referee.observe()).toBe(verdict); // decided for good
  });

  it('failure at the time limit, with null time and score', () => {
    const probe = new ScriptedProbe(Array.from({ length: 20 }, () => pole(1)));
    const verdict = run(new Referee({ goal: up, timeLimit: 1, score: 'time' }, probe), probe, 20)!;
    expect(verdict).toMatchObject({ status: 'failure', time: null, score: null });
    expect(probe.step).toBe(10); // t = 1.0: the limit, decided there
  });

  it('energy and parts scores', () => {
    const probe = new ScriptedProbe([{ energy: 3, q: { 'cart/pole': 1 } }, { energy: 4.5, q: { 'cart/pole': 0 } }]);
    expect(run(new Referee({ goal: up, timeLimit: 1, score: 'energy' }, probe), probe, 5)).toMatchObject({ status: 'success', score: 4.5 });
    const again = new ScriptedProbe([pole(0)]);
    expect(run(new Referee({ goal: up, timeLimit: 1, score: 'parts', allow: { build: { maxParts: 8 } } }, again, { parts: 5 }), again, 1)).toMatchObject({ score: 5 });
  });

  it('progress shows the outermost hold', () => {
    const probe = new ScriptedProbe([pole(0), pole(0), pole(0)]);
    const referee = new Referee({ goal: { all: [{ holdFor: { seconds: 1, goal: up } }] }, timeLimit: 5, score: 'time' }, probe);
    run(referee, probe, 2);
    expect(referee.progress).toMatchObject({ holds: false, timeLimit: 5 });
    expect(referee.progress.held!.seconds).toBeCloseTo(0.2, 12);
  });

  it('fail() decides at once, keeps an earlier verdict', () => {
    const probe = new ScriptedProbe([pole(0)]);
    const referee = new Referee({ goal: up, timeLimit: 1, score: 'time' }, probe);
    expect(referee.fail('the controller failed')).toMatchObject({ status: 'failure', reason: 'the controller failed' });
    expect(referee.observe()).toMatchObject({ status: 'failure' });
  });
});
