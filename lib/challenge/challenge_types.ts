// The shared types of challenges (docs/scene-format.md, meta.challenge): what a goal reads of
// the simulated state, and the verdict. The challenge itself is typed by the scene schema.
import type { Challenge, Predicate, Region } from '../scene.generated';
import type { Vec3 } from '../types';

export type { Challenge, Predicate, Region };

/**
 * What a goal reads of the state after a step. The library's is lib/challenge/world_probe.ts
 * (over a World's or the page's buffers); tests script one by hand. Names are as the challenge
 * gives them (checked on load): bodies by name or "articulation/link", joints "articulation/link".
 */
export interface ChallengeProbe {
  /** Simulated time, s: exactly steps × timestep. */
  time(): number;
  /** The scene's time step, s. */
  timestep(): number;
  /** A point fixed on a body (in its frame; default its origin), in the world, m. */
  bodyPosition(name: string, point?: Vec3): Vec3;
  /** The velocity of a body frame's origin, world, m/s. */
  bodyVelocity(name: string): Vec3;
  /** A one-degree-of-freedom joint's coordinate, rad or m. */
  jointQ(name: string): number;
  /** Work put in so far by efforts and motors, J: the ledger's effortWork and motorWork, each counted when positive. */
  energyUsed(): number;
  /** Whether the two bodies have a contact point at this step. */
  touching(a: string, b: string): boolean;
  /** Called once per observation, before the goal is read: forget what was cached from the last step. */
  refresh?(): void;
}

export type ChallengeStatus = 'success' | 'failure';

/** A decided run. `time` is when the goal first held (null on failure); `score` by the challenge's kind at success (null on failure). */
export interface ChallengeVerdict {
  status: ChallengeStatus;
  time: number | null;
  score: number | null;
  /** Why, in a sentence (shown to the student and written by the grader). */
  reason: string;
}

/** How an undecided run is going, for the page's live display. */
export interface ChallengeProgress {
  /** Simulated time of the last observation, s. */
  time: number;
  timeLimit: number;
  /** Whether the goal held at the last observation. */
  holds: boolean;
  /** When the goal is (or is an `all` with) a holdFor: how long its condition has held so far, and how long it must. */
  held: { seconds: number; needed: number } | null;
}
