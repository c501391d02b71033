// Lab instruments over a world's per-step views: photogates that time each passage of a body's
// centre of mass through a disc, and stopwatches started and stopped by such passages, by
// contacts beginning or ending, and by hand. The tracker sees the state before and after each
// step; a passage's time and velocity are interpolated linearly within the step (the signed
// distance to the gate's plane goes through zero at s = d₀ / (d₀ − d₁)), so they are exact to
// well within a step. A stopwatch's reading is a pure function of the events up to a time, so a
// timeline that goes back shows what the stopwatch showed then.
import { CONTACT, POSE, VELOCITY } from './layouts.generated';
import type { Gate, Stopwatch, StopwatchTrigger } from './scene.generated';
import { GATE_TRIGGER_DEFAULTS, STOPWATCH_DEFAULTS } from './scene_defaults.generated';
import { plainNames } from './scene_names';
import type { Vec3 } from './types';

export type { Gate, Stopwatch, StopwatchTrigger } from './scene.generated';

/** A scene's instruments (meta.instruments). */
export interface InstrumentSpec {
  gates?: Gate[];
  stopwatches?: Stopwatch[];
}

/** What the tracker reads of a world after each step (the library's WorldViews has it). */
export interface InstrumentViews {
  readonly poses: ArrayLike<number>;
  readonly velocities: ArrayLike<number>;
  contactData(): ArrayLike<number>;
}

/** A body as the engine describes it: its name and its centre of mass in its frame. */
export interface InstrumentBody {
  name: string;
  centerOfMass?: readonly number[];
}

/** A body's centre of mass went through a gate. */
export interface Passage {
  kind: 'passage';
  /** s, interpolated within the step. */
  time: number;
  gate: number;
  body: number;
  /** m/s, the velocity's component along the gate's normal (positive: along it). */
  normalSpeed: number;
  /** m/s, the whole speed. */
  speed: number;
}

/** A pair of bodies began or ceased touching at the end of a step. */
export interface ContactEvent {
  kind: 'contact';
  time: number;
  phase: 'begin' | 'end';
  bodyA: number;
  bodyB: number;
}

/** A stopwatch's button pressed at a (simulated) time. */
export interface ManualEvent {
  kind: 'manual';
  time: number;
  stopwatch: number;
  action: 'start' | 'stop' | 'reset';
}

export type InstrumentEvent = Passage | ContactEvent | ManualEvent;

/** Name → body index: engine names ("articulation/link") and plain names where unique. */
export function bodyIndexByName(bodies: readonly InstrumentBody[]): Map<string, number> {
  const names = bodies.map((b) => b.name);
  const index = new Map<string, number>();
  names.forEach((name, i) => index.set(name, i));
  for (const [plain, full] of plainNames(names)) if (!index.has(plain)) index.set(plain, index.get(full)!);
  return index;
}

function unit(v: readonly number[]): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n > 0 ? [v[0] / n, v[1] / n, v[2] / n] : [0, 0, 1];
}

/**
 * Sees a world step by step: `capture()` reads the state (after a load, a reset or a jump in
 * time), `step(t0, t1)` after each step compares with what it read last and returns the events
 * of that step in time order.
 */
export class InstrumentTracker {
  private readonly gates: { normal: Vec3; point: Vec3; radius: number; body: number }[];
  /** Bodies whose centre of mass is watched, and where it was and how fast it went at the last capture. */
  private readonly watched: number[];
  private readonly before: Float64Array;
  private readonly after: Float64Array;
  private readonly com: Float64Array;
  private touching = new Set<number>();
  private readonly watchContacts: boolean;
  private captured = false;

  constructor(
    private readonly views: InstrumentViews,
    spec: InstrumentSpec,
    private readonly bodies: readonly InstrumentBody[],
  ) {
    const byName = bodyIndexByName(bodies);
    this.gates = (spec.gates ?? []).map((g) => ({
      normal: unit(g.normal),
      point: [...g.point] as Vec3,
      radius: g.radius,
      body: g.body === undefined ? -1 : (byName.get(g.body) ?? -2),
    }));
    const all = this.gates.some((g) => g.body === -1);
    this.watched = all ? bodies.map((_, i) => i) : [...new Set(this.gates.map((g) => g.body).filter((b) => b >= 0))];
    this.before = new Float64Array(this.watched.length * 6);
    this.after = new Float64Array(this.watched.length * 6);
    this.com = new Float64Array(bodies.length * 3);
    bodies.forEach((b, i) => this.com.set([b.centerOfMass?.[0] ?? 0, b.centerOfMass?.[1] ?? 0, b.centerOfMass?.[2] ?? 0], i * 3));
    this.watchContacts = (spec.stopwatches ?? []).some((s) => (s.start && 'contact' in s.start) || (s.stop && 'contact' in s.stop));
  }

  /** Reads the state now as the one before the next step. */
  capture(): void {
    this.read(this.before);
    if (this.watchContacts) this.touching = this.touchingPairs();
    this.captured = true;
  }

  /** After a step from t0 to t1: the passages and contact changes within it, in time order. */
  step(t0: number, t1: number): InstrumentEvent[] {
    if (!this.captured) {
      this.capture();
      return [];
    }
    const events: InstrumentEvent[] = [];
    this.read(this.after);
    this.watched.forEach((body, k) => this.passages(body, k, t0, t1, events));
    if (this.watchContacts) {
      const now = this.touchingPairs();
      for (const pair of now) if (!this.touching.has(pair)) events.push({ kind: 'contact', time: t1, phase: 'begin', bodyA: pair >>> 16, bodyB: pair & 0xffff });
      for (const pair of this.touching) if (!now.has(pair)) events.push({ kind: 'contact', time: t1, phase: 'end', bodyA: pair >>> 16, bodyB: pair & 0xffff });
      this.touching = now;
    }
    this.before.set(this.after);
    return events.sort((a, b) => a.time - b.time);
  }

  /** Every gate body `body` (watched as the k-th) went through between t0 and t1. */
  private passages(body: number, k: number, t0: number, t1: number, events: InstrumentEvent[]): void {
    const b = this.before, a = this.after, o = k * 6;
    this.gates.forEach((gate, index) => {
      if (gate.body !== -1 && gate.body !== body) return;
      const { normal: n, point: c } = gate;
      const d0 = n[0] * (b[o] - c[0]) + n[1] * (b[o + 1] - c[1]) + n[2] * (b[o + 2] - c[2]);
      const d1 = n[0] * (a[o] - c[0]) + n[1] * (a[o + 1] - c[1]) + n[2] * (a[o + 2] - c[2]);
      // A sign change (touching the plane and leaving it on the same side is no passage).
      if (!((d0 < 0 && d1 >= 0) || (d0 > 0 && d1 <= 0))) return;
      const s = d0 / (d0 - d1);
      const at = (i: number) => b[o + i] + s * (a[o + i] - b[o + i]);
      const r: Vec3 = [at(0) - c[0], at(1) - c[1], at(2) - c[2]];
      const along = n[0] * r[0] + n[1] * r[1] + n[2] * r[2];
      const inPlane = Math.hypot(r[0] - along * n[0], r[1] - along * n[1], r[2] - along * n[2]);
      if (inPlane > gate.radius) return;
      const v: Vec3 = [at(3), at(4), at(5)];
      events.push({
        kind: 'passage', time: t0 + s * (t1 - t0), gate: index, body,
        normalSpeed: n[0] * v[0] + n[1] * v[1] + n[2] * v[2], speed: Math.hypot(...v),
      });
    });
  }

  /** The watched bodies' centres of mass and their velocities: ṗ_c = v + ω × (R c). */
  private read(into: Float64Array): void {
    const p = this.views.poses, w = this.views.velocities;
    this.watched.forEach((body, k) => {
      const o = body * POSE.stride, ov = body * VELOCITY.stride;
      const [x, y, z, qw] = [p[o + POSE.qx], p[o + POSE.qy], p[o + POSE.qz], p[o + POSE.qw]];
      const c = [this.com[body * 3], this.com[body * 3 + 1], this.com[body * 3 + 2]];
      // R c by the quaternion (x, y, z, w): c + 2w (u × c) + 2 u × (u × c).
      const t = [2 * (y * c[2] - z * c[1]), 2 * (z * c[0] - x * c[2]), 2 * (x * c[1] - y * c[0])];
      const rc = [c[0] + qw * t[0] + (y * t[2] - z * t[1]), c[1] + qw * t[1] + (z * t[0] - x * t[2]), c[2] + qw * t[2] + (x * t[1] - y * t[0])];
      const wx = w[ov + VELOCITY.angular], wy = w[ov + VELOCITY.angular + 1], wz = w[ov + VELOCITY.angular + 2];
      const j = k * 6;
      into[j] = p[o + POSE.x] + rc[0];
      into[j + 1] = p[o + POSE.y] + rc[1];
      into[j + 2] = p[o + POSE.z] + rc[2];
      into[j + 3] = w[ov + VELOCITY.linear] + (wy * rc[2] - wz * rc[1]);
      into[j + 4] = w[ov + VELOCITY.linear + 1] + (wz * rc[0] - wx * rc[2]);
      into[j + 5] = w[ov + VELOCITY.linear + 2] + (wx * rc[1] - wy * rc[0]);
    });
  }

  /**
   * The pairs of bodies touching, each as (smaller index << 16) | larger: a contact point of theirs
   * pushed over the last step (normal impulse > 0) or they overlap. The buffer also holds
   * speculative points, found ahead of an impact with a gap still open: those are no touch.
   */
  private touchingPairs(): Set<number> {
    const c = this.views.contactData(), pairs = new Set<number>();
    for (let o = 0; o + CONTACT.stride <= c.length; o += CONTACT.stride) {
      if (!(c[o + CONTACT.normalImpulse] > 0 || c[o + CONTACT.separation] < 0)) continue;
      const a = c[o + CONTACT.bodyA], b = c[o + CONTACT.bodyB];
      if (!(a >= 0 && b >= 0) || a === b) continue;
      pairs.add((Math.min(a, b) << 16) | Math.max(a, b));
    }
    return pairs;
  }

  /** The body names, by index (for readings and events). */
  get bodyNames(): string[] {
    return this.bodies.map((b) => b.name);
  }
}

/** What a stopwatch shows at a time. */
export interface StopwatchReading {
  state: 'idle' | 'running' | 'stopped';
  /** s: the run under way (running) or the last run (stopped); 0 when idle. */
  elapsed: number;
  /** s, when the run under way or the last one started; null when idle. */
  startedAt: number | null;
  /** s, every finished run since the last reset, in order (with repeat: the laps, a pendulum's periods). */
  laps: number[];
  /** Stop events counted in the run under way. */
  counted: number;
}

/** Whether an event is what a trigger waits for. */
export function triggerMatches(trigger: StopwatchTrigger | undefined, event: InstrumentEvent, gates: readonly Gate[], byName: Map<string, number>): boolean {
  if (!trigger) return false;
  if ('gate' in trigger) {
    if (event.kind !== 'passage' || gates[event.gate]?.name !== trigger.gate) return false;
    const direction = trigger.direction ?? GATE_TRIGGER_DEFAULTS.direction;
    return direction === 'either' || (direction === 'positive') === event.normalSpeed > 0;
  }
  if (event.kind !== 'contact' || event.phase !== trigger.contact) return false;
  const body = byName.get(trigger.body), other = trigger.other === undefined ? undefined : byName.get(trigger.other);
  if (body === undefined || (trigger.other !== undefined && other === undefined)) return false;
  const { bodyA: a, bodyB: b } = event;
  return other === undefined ? a === body || b === body : (a === body && b === other) || (a === other && b === body);
}

/**
 * Stopwatch `index`'s reading at `now`, from the events up to then (in time order). A start
 * event starts it when it is not running; while running, the count-th stop event after the start
 * stops it (with repeat, that event starts the next run). Its buttons: start, stop, reset.
 */
export function stopwatchReading(
  index: number, stopwatch: Stopwatch, events: readonly InstrumentEvent[], now: number, gates: readonly Gate[], byName: Map<string, number>,
): StopwatchReading {
  const count = stopwatch.count ?? STOPWATCH_DEFAULTS.count, repeat = stopwatch.repeat ?? STOPWATCH_DEFAULTS.repeat;
  const reading: StopwatchReading = { state: 'idle', elapsed: 0, startedAt: null, laps: [], counted: 0 };
  const start = (time: number) => Object.assign(reading, { state: 'running', startedAt: time, counted: 0, elapsed: 0 });
  const stop = (time: number) => {
    reading.elapsed = time - reading.startedAt!;
    reading.laps.push(reading.elapsed);
    reading.state = 'stopped';
  };
  for (const event of events) {
    if (event.time > now) break;
    if (event.kind === 'manual') {
      if (event.stopwatch !== index) continue;
      if (event.action === 'reset') Object.assign(reading, { state: 'idle', elapsed: 0, startedAt: null, laps: [], counted: 0 });
      else if (event.action === 'start' && reading.state !== 'running') start(event.time);
      else if (event.action === 'stop' && reading.state === 'running') stop(event.time);
      continue;
    }
    if (reading.state === 'running' && triggerMatches(stopwatch.stop, event, gates, byName) && ++reading.counted >= count) {
      stop(event.time);
      if (repeat) start(event.time);
    } else if (reading.state !== 'running' && triggerMatches(stopwatch.start, event, gates, byName)) start(event.time);
  }
  if (reading.state === 'running') reading.elapsed = now - reading.startedAt!;
  return reading;
}
