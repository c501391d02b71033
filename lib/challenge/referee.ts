// The referee of a challenge: the goal evaluated once after every step, success at the first
// step at which it holds, failure at the time limit (docs/scene-format.md, meta.challenge).
// The page calls observe() after each of its steps; the library and fw-sim run a World to the
// verdict with runChallenge(), stepping and ticking the controller through a hook.
import type { World } from '../world';
import type { Challenge, ChallengeProbe, ChallengeProgress, ChallengeVerdict } from './challenge_types';
import { type PredicateEvaluator, TIME_TOLERANCE, compilePredicate } from './predicates';
import { WorldProbe } from './world_probe';

export interface RefereeOptions {
  /** How many bodies and constraints the attempt added (the "parts" score); 0 by default. */
  parts?: number;
}

const seconds = (t: number): string => `${Number(t.toFixed(6))} s`;

export class Referee {
  private readonly goal: PredicateEvaluator;
  private decided: ChallengeVerdict | null = null;
  private last: ChallengeProgress;

  constructor(
    readonly challenge: Challenge,
    readonly probe: ChallengeProbe,
    private readonly options: RefereeOptions = {},
  ) {
    this.goal = compilePredicate(challenge.goal, challenge.regions ?? []);
    this.last = { time: 0, timeLimit: challenge.timeLimit, holds: false, held: null };
  }

  /** The verdict once decided, else null. */
  get verdict(): ChallengeVerdict | null {
    return this.decided;
  }

  /** How the run is going as of the last observation. */
  get progress(): ChallengeProgress {
    return this.last;
  }

  /**
   * Call after every step (never twice for one step): evaluates the goal on the state the probe
   * shows. Returns the verdict once decided (and the same verdict on every later call), else null.
   */
  observe(): ChallengeVerdict | null {
    if (this.decided) return this.decided;
    this.probe.refresh?.();
    const t = this.probe.time();
    const holds = this.goal.evaluate(this.probe);
    this.last = { time: t, timeLimit: this.challenge.timeLimit, holds, held: this.goal.held() };
    if (holds) {
      const score = this.score(t);
      this.decided = { status: 'success', time: t, score, reason: `the goal held at t = ${seconds(t)}` };
    } else if (t >= this.challenge.timeLimit - TIME_TOLERANCE) {
      this.decided = { status: 'failure', time: null, score: null, reason: `the goal did not hold within the time limit of ${seconds(this.challenge.timeLimit)}` };
    }
    return this.decided;
  }

  /** Decides the run as failed now (the controller failed, the world stopped), unless already decided. */
  fail(reason: string): ChallengeVerdict {
    this.decided ??= { status: 'failure', time: null, score: null, reason };
    return this.decided;
  }

  /** Starts over (the run was reset to t = 0). */
  reset(): void {
    this.decided = null;
    this.goal.reset();
    this.last = { time: 0, timeLimit: this.challenge.timeLimit, holds: false, held: null };
  }

  private score(t: number): number {
    switch (this.challenge.score) {
      case 'time':
        return t;
      case 'energy':
        return this.probe.energyUsed();
      case 'parts':
        return this.options.parts ?? 0;
    }
  }
}

export interface RunOptions extends RefereeOptions {
  /**
   * Called before every step at the world's time, e.g. to tick a sandboxed controller and apply
   * its commands. Throwing ends the run as a failure whose reason is the error's message.
   */
  beforeStep?: (world: World) => void;
}

/** Steps the world from where it is until the challenge is decided; returns the verdict. */
export function runChallenge(world: World, challenge: Challenge, options: RunOptions = {}): ChallengeVerdict {
  const referee = new Referee(challenge, new WorldProbe(world), options);
  for (;;) {
    let verdict: ChallengeVerdict | null;
    try {
      options.beforeStep?.(world);
      world.step(1);
      if (world.error !== '') return referee.fail(`the simulation stopped at t = ${seconds(world.time)}: ${world.error}`);
      verdict = referee.observe();
    } catch (error) {
      return referee.fail(error instanceof Error ? error.message : String(error));
    }
    if (verdict) return verdict;
  }
}
