// One attempt at a challenge in the page: the referee (the library's, lib/challenge) observes the
// world after every step the page takes from t = 0, and the run stops at the step it is decided.
// Steps replayed after going back in the timeline were seen already and are not observed again;
// a run changed on the way (dragged, edited after going back) cannot count, and says so.
import type { PanelVerdict } from './challenge_panel';
import { t } from '../i18n/i18n';

/** The library's referee as the page drives it: one call after each step. */
export interface LiveReferee {
  /** After a step: the verdict once decided, else null. */
  observe(): PanelVerdict | null;
  /** Seconds the goal's first holdFor has held continuously by now (null: none in the goal). */
  heldFor?(): number | null;
}

export interface ChallengeRunHooks {
  makeReferee(): LiveReferee;
  /** Whether a body is being dragged now (the verifier runs without hands). */
  dragging(): boolean;
  /** Decided at `step`: the page stops there. */
  decided(verdict: PanelVerdict, step: number): void;
  voided(why: string): void;
}

export class ChallengeRun {
  private referee: LiveReferee | null = null;
  private observed = 0;
  verdict: PanelVerdict | null = null;
  decidedAt: number | null = null;
  voidedBecause: string | null = null;

  constructor(private readonly hooks: ChallengeRunHooks) {}

  /** From t = 0: a fresh referee. */
  start(): void {
    this.referee = this.hooks.makeReferee();
    this.observed = 0;
    this.verdict = null;
    this.decidedAt = null;
    this.voidedBecause = null;
  }

  stop(): void {
    this.referee = null;
  }

  /** After each step the page takes (recorded or replayed). */
  stepped(step: number): void {
    if (!this.referee || this.verdict || this.voidedBecause !== null || step !== this.observed + 1) return;
    this.observed = step;
    if (this.hooks.dragging()) return this.void(t('challenge.dragged'));
    const verdict = this.referee.observe();
    if (!verdict) return;
    this.verdict = verdict;
    this.decidedAt = step;
    this.hooks.decided(verdict, step);
  }

  /** The timeline branched (an input after going back): this run is no longer one attempt from t = 0. */
  branched(): void {
    if (this.referee && !this.verdict) this.void(t('challenge.changed'));
  }

  heldFor(): number | null {
    return this.referee?.heldFor?.() ?? null;
  }

  private void(why: string): void {
    this.voidedBecause = why;
    this.hooks.voided(why);
  }
}
