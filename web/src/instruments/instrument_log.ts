// The page's record of its instruments over the timeline: the library's tracker
// (lib/instruments.ts) sees every step the time machine takes, and the events it finds are kept
// for the recording. They stay true as the timeline moves: readings are taken at the time shown
// (a seek back shows what the instruments showed then, a seek forward again what they showed
// later), steps already evaluated are not evaluated twice, and a branch (an input after going
// back) or a change of the instruments drops what was found after that moment, to be found again
// as the run goes on.
import {
  InstrumentTracker, bodyIndexByName, stopwatchReading,
  type Gate, type InstrumentBody, type InstrumentEvent, type InstrumentViews, type ManualEvent, type Passage, type Stopwatch, type StopwatchReading,
} from '../../../lib/instruments';

export interface InstrumentSet {
  gates: Gate[];
  stopwatches: Stopwatch[];
}

export interface GateReading {
  gate: Gate;
  passages: (Passage & { bodyName: string })[];
}

export class InstrumentLog {
  instruments: InstrumentSet = { gates: [], stopwatches: [] };
  private tracker: InstrumentTracker | null = null;
  private bodies: readonly InstrumentBody[] = [];
  private byName = new Map<string, number>();
  private events: InstrumentEvent[] = [];
  /** The last step whose events are in the log. */
  private evaluatedUpTo = 0;
  /** The last step the tracker saw (−1: none since a jump). */
  private lastSeen = -1;

  constructor(
    private readonly views: InstrumentViews,
    /** The time step of the running scene (each step ends at t = n·dt). */
    private readonly timestep: () => number,
  ) {}

  /** Whether there is anything to watch (the step watch is installed only then). */
  get active(): boolean {
    return this.instruments.gates.length > 0 || this.instruments.stopwatches.length > 0;
  }

  /** A scene's bodies (a new scene, or the same one rebuilt): the tracker reads them from now on. */
  setBodies(bodies: readonly InstrumentBody[], step: number): void {
    this.bodies = bodies;
    this.byName = bodyIndexByName(bodies);
    this.rebuildTracker(step);
  }

  /** Other instruments from `step` on: what was found after it is dropped (found again as the run goes on). */
  setInstruments(instruments: InstrumentSet, step: number): void {
    this.instruments = instruments;
    this.dropAfter(step);
    this.rebuildTracker(step);
  }

  /** A new recording from t = 0: nothing found yet. */
  restart(): void {
    this.events = [];
    this.evaluatedUpTo = 0;
    this.rebuildTracker(0);
  }

  /** The time machine took step `step` (it ends at step·dt). */
  stepped(step: number): void {
    if (!this.tracker) return;
    if (step === this.lastSeen + 1 && step > this.evaluatedUpTo) {
      const dt = this.timestep();
      this.insert(this.tracker.step((step - 1) * dt, step * dt));
      this.evaluatedUpTo = step;
    } else this.tracker.capture(); // replaying what was evaluated, or after a jump
    this.lastSeen = step;
  }

  /** The world was moved to `step`; after a branch there, what was found later is no longer so. */
  moved(step: number, branched: boolean): void {
    if (branched) this.dropAfter(step);
    this.tracker?.capture();
    this.lastSeen = step;
  }

  /** A stopwatch's button, pressed at step `step`. */
  press(stopwatch: number, action: ManualEvent['action'], step: number): void {
    this.insert([{ kind: 'manual', time: step * this.timestep(), stopwatch, action }]);
  }

  /** Removes a gate and its passages (stopwatches that named it wait for a gate of that name). */
  removeGate(index: number): void {
    this.instruments = { ...this.instruments, gates: this.instruments.gates.filter((_, i) => i !== index) };
    this.events = this.events.flatMap((e): InstrumentEvent[] => (e.kind !== 'passage' ? [e] : e.gate === index ? [] : [{ ...e, gate: e.gate > index ? e.gate - 1 : e.gate }]));
    this.rebuildTracker(this.lastSeen < 0 ? 0 : this.lastSeen);
  }

  /** Removes a stopwatch and its button presses. */
  removeStopwatch(index: number): void {
    this.instruments = { ...this.instruments, stopwatches: this.instruments.stopwatches.filter((_, i) => i !== index) };
    this.events = this.events.flatMap((e): InstrumentEvent[] => (e.kind !== 'manual' ? [e] : e.stopwatch === index ? [] : [{ ...e, stopwatch: e.stopwatch > index ? e.stopwatch - 1 : e.stopwatch }]));
    this.rebuildTracker(this.lastSeen < 0 ? 0 : this.lastSeen);
  }

  /** Each gate's passages up to `now`. */
  gateReadings(now: number): GateReading[] {
    return this.instruments.gates.map((gate, index) => ({
      gate,
      passages: this.events
        .filter((e): e is Passage => e.kind === 'passage' && e.gate === index && e.time <= now)
        .map((p) => ({ ...p, bodyName: this.bodies[p.body]?.name ?? String(p.body) })),
    }));
  }

  /** Each stopwatch's reading at `now`. */
  stopwatchReadings(now: number): StopwatchReading[] {
    return this.instruments.stopwatches.map((stopwatch, index) => stopwatchReading(index, stopwatch, this.events, now, this.instruments.gates, this.byName));
  }

  /** The events (passages, contacts, presses) found up to `now`, in time order. */
  eventsUpTo(now: number): InstrumentEvent[] {
    return this.events.filter((e) => e.time <= now);
  }

  private rebuildTracker(step: number): void {
    this.tracker = this.active && this.bodies.length > 0 ? new InstrumentTracker(this.views, this.instruments, this.bodies) : null;
    this.tracker?.capture();
    this.lastSeen = step;
  }

  /** Drops what was found after step `step`; evaluation starts again there. */
  private dropAfter(step: number): void {
    const time = step * this.timestep();
    this.events = this.events.filter((e) => e.time <= time + 1e-12);
    this.evaluatedUpTo = Math.min(this.evaluatedUpTo, step);
  }

  /** Inserts events in time order, after those at the same time (a press comes after its step's events). */
  private insert(events: InstrumentEvent[]): void {
    for (const event of events) {
      let i = this.events.length;
      while (i > 0 && this.events[i - 1].time > event.time) i--;
      this.events.splice(i, 0, event);
    }
  }
}
