// Lab instruments (lib/instruments.ts) against closed forms: a ball dropped through a photogate
// (t = √(2h/g), v = √(2gh)), a stopwatch from that passage to the ball's first contact with the
// floor, and a pendulum's period read from passages of a gate at the bottom, T = 2π√(L/g)·(1 + θ₀²/16 + …).
import { beforeAll, describe, expect, it } from 'vitest';
import { InstrumentTracker, bodyIndexByName, stopwatchReading, validateSceneMeta, type Engine, type InstrumentBody, type InstrumentEvent, type InstrumentSpec, type World } from '../../lib/featherweight';
import { loadLibraryInNode, readScene } from './engine';
import { InstrumentLog } from '../../web/src/instruments/instrument_log';

const g = 9.81;
let engine: Engine;
beforeAll(async () => {
  engine = await loadLibraryInNode();
});

/** Steps the world `steps` times one by one, the tracker watching every step; the events in order. */
function run(world: World, spec: InstrumentSpec, steps: number): { events: InstrumentEvent[]; bodies: InstrumentBody[] } {
  const bodies = JSON.parse(world.simulation.bodiesJson()) as InstrumentBody[];
  const tracker = new InstrumentTracker(world, spec, bodies);
  tracker.capture();
  const events: InstrumentEvent[] = [];
  for (let k = 0; k < steps; k++) {
    const t0 = world.time;
    world.step(1);
    events.push(...tracker.step(t0, world.time));
  }
  return { events, bodies };
}

function dropScene(h: number, floor: number, radius: number, dt: number, integrator = 'semi-implicit-euler') {
  return {
    format: 'featherweight-scene', version: 1,
    world: { gravity: [0, 0, -g], timestep: dt, integrator },
    bodies: [
      { name: 'floor', static: true, position: [0, 0, floor], shapes: [{ type: 'plane' }] },
      { name: 'ball', position: [0.01, 0, h], shapes: [{ type: 'sphere', radius, density: 1000 }] },
    ],
  };
}

describe('a photogate', () => {
  for (const h of [0.5, 1.25]) {
    it(`times a ball dropped from ${h} m through it at √(2h/g) and √(2gh), within a step`, () => {
      const dt = 1 / 240;
      const gates = [{ name: 'A', point: [0, 0, 0] as [number, number, number], normal: [0, 0, 1] as [number, number, number], radius: 0.1 }];
      const world = engine.createWorld(dropScene(h, -0.5, 0.05, dt));
      const { events } = run(world, { gates }, Math.ceil(Math.sqrt((2 * h) / g) / dt) + 5);
      const passages = events.filter((e) => e.kind === 'passage');
      expect(passages).toHaveLength(1);
      const [p] = passages;
      if (p.kind !== 'passage') throw new Error('not a passage');
      expect(Math.abs(p.time - Math.sqrt((2 * h) / g))).toBeLessThan(dt);
      expect(p.time % dt).not.toBe(0); // interpolated within the step, not the step's end
      expect(Math.abs(p.speed - Math.sqrt(2 * g * h))).toBeLessThan(g * dt);
      expect(Math.abs(-p.normalSpeed - Math.sqrt(2 * g * h))).toBeLessThan(g * dt);
      world.dispose();
    });

    // RK4 puts the ball exactly on the parabola at every step (constant acceleration): what is left
    // is the interpolation's, a chord across a step, (g·dt²/8)/v in time, far below a step.
    it(`interpolates the passage within the step: from ${h} m with RK4, to a fiftieth of a step`, () => {
      const dt = 1 / 240;
      const world = engine.createWorld(dropScene(h, -0.5, 0.05, dt, 'rk4'));
      const gates = [{ name: 'A', point: [0, 0, 0] as [number, number, number], normal: [0, 0, 1] as [number, number, number], radius: 0.1 }];
      const { events } = run(world, { gates }, Math.ceil(Math.sqrt((2 * h) / g) / dt) + 5);
      const [p] = events.filter((e) => e.kind === 'passage');
      if (p?.kind !== 'passage') throw new Error('no passage');
      expect(Math.abs(p.time - Math.sqrt((2 * h) / g))).toBeLessThan(dt / 50);
      expect(Math.abs(p.speed - Math.sqrt(2 * g * h))).toBeLessThan(1e-3);
      world.dispose();
    });
  }

  it('misses a ball that passes the plane outside its disc, and times only the body it names', () => {
    const dt = 1 / 240, h = 0.5;
    const world = engine.createWorld(dropScene(h, -0.5, 0.05, dt));
    const gates = [
      { name: 'off', point: [0.5, 0, 0] as [number, number, number], normal: [0, 0, 1] as [number, number, number], radius: 0.2 },
      { name: 'other', point: [0, 0, 0] as [number, number, number], normal: [0, 0, 1] as [number, number, number], radius: 0.2, body: 'floor' },
    ];
    const { events } = run(world, { gates }, 200);
    expect(events.filter((e) => e.kind === 'passage')).toHaveLength(0);
    world.dispose();
  });
});

describe('a stopwatch', () => {
  it('runs from a gate passage to the first contact with the floor: √(2(h − f − r)/g) − √(2h/g) within a step', () => {
    const dt = 1 / 240, h = 1, floor = -0.8, r = 0.05;
    const world = engine.createWorld(dropScene(h, floor, r, dt));
    const spec: InstrumentSpec = {
      gates: [{ name: 'A', point: [0, 0, 0], normal: [0, 0, 1], radius: 0.1 }],
      stopwatches: [{ name: 'fall', start: { gate: 'A' }, stop: { contact: 'begin', body: 'ball', other: 'floor' } }],
    };
    const { events, bodies } = run(world, spec, 300);
    const reading = stopwatchReading(0, spec.stopwatches![0], events, world.time, spec.gates!, bodyIndexByName(bodies));
    expect(reading.state).toBe('stopped');
    const expected = Math.sqrt((2 * (h - floor - r)) / g) - Math.sqrt((2 * h) / g);
    expect(Math.abs(reading.elapsed - expected)).toBeLessThan(dt);
    expect(reading.laps).toEqual([reading.elapsed]);
    // Earlier, while the ball fell between the gate and the floor, it was running.
    const midway = Math.sqrt((2 * h) / g) + expected / 2;
    const running = stopwatchReading(0, spec.stopwatches![0], events, midway, spec.gates!, bodyIndexByName(bodies));
    expect(running.state).toBe('running');
    expect(running.elapsed).toBeCloseTo(expected / 2, 2);
    world.dispose();
  });

  it("reads a pendulum's period from every second passage of a gate at the bottom, within a step", () => {
    const dt = 1 / 500, L = 0.8, theta0 = 0.15, pivot = 1.5;
    const world = engine.createWorld({
      format: 'featherweight-scene', version: 1,
      world: { gravity: [0, 0, -g], timestep: dt },
      articulations: [{
        name: 'pendulum',
        links: [{
          name: 'rod',
          joint: { type: 'revolute', axis: [0, 1, 0], origin: { position: [0, 0, pivot] }, position: theta0 },
          inertial: { mass: 1, com: [0, 0, -L] },
          shapes: [{ type: 'sphere', radius: 0.03, position: [0, 0, -L], collision: { mask: 0 } }],
        }],
      }],
    });
    const spec: InstrumentSpec = {
      gates: [{ name: 'bottom', point: [0, 0, pivot - L], normal: [1, 0, 0], radius: 0.1 }],
      stopwatches: [{ name: 'period', start: { gate: 'bottom' }, stop: { gate: 'bottom' }, count: 2, repeat: true }],
    };
    const { events, bodies } = run(world, spec, Math.round(8 / dt));
    const reading = stopwatchReading(0, spec.stopwatches![0], events, world.time, spec.gates!, bodyIndexByName(bodies));
    // The large-amplitude series: T = 2π√(L/g)·(1 + θ₀²/16 + 11θ₀⁴/3072).
    const period = 2 * Math.PI * Math.sqrt(L / g) * (1 + theta0 ** 2 / 16 + (11 * theta0 ** 4) / 3072);
    expect(reading.laps.length).toBeGreaterThanOrEqual(3);
    for (const lap of reading.laps) expect(Math.abs(lap - period)).toBeLessThan(dt);
    // Passages alternate in direction: the gate's normal makes it count both ways.
    const passages = events.filter((e) => e.kind === 'passage');
    expect(passages.length).toBeGreaterThanOrEqual(2 * reading.laps.length + 1);
    world.dispose();
  });

  it('starts, stops and resets by hand, its reading a function of the events up to a time', () => {
    const sw = { name: 'hand' };
    const events: InstrumentEvent[] = [
      { kind: 'manual', time: 1, stopwatch: 0, action: 'start' },
      { kind: 'manual', time: 3.5, stopwatch: 0, action: 'stop' },
      { kind: 'manual', time: 4, stopwatch: 1, action: 'reset' },
      { kind: 'manual', time: 5, stopwatch: 0, action: 'start' },
    ];
    const at = (now: number) => stopwatchReading(0, sw, events, now, [], new Map());
    expect(at(0.5).state).toBe('idle');
    expect(at(2).elapsed).toBe(1);
    expect(at(4)).toMatchObject({ state: 'stopped', elapsed: 2.5, laps: [2.5] });
    expect(at(6)).toMatchObject({ state: 'running', elapsed: 1, laps: [2.5] });
  });
});

describe('the gallery scene "Free fall through two photogates"', () => {
  it('reads the speeds at its gates and the times between them as free fall has them', () => {
    const scene = readScene('photogate-free-fall.json') as { meta: { instruments: InstrumentSpec } };
    expect(validateSceneMeta(scene)).toEqual([]);
    const spec = scene.meta.instruments;
    const world = engine.createWorld(scene);
    const dt = world.timestep;
    const { events, bodies } = run(world, spec, Math.round(0.7 / dt));
    const byName = bodyIndexByName(bodies);
    // From rest at 1.5 m: the upper gate (1.2 m) after 0.3 m of fall, the lower (0.5 m) after 1 m, the floor when the centre is at r.
    const t = (drop: number) => Math.sqrt((2 * drop) / g);
    const [upper, lower] = [0, 1].map((gate) => events.find((e) => e.kind === 'passage' && e.gate === gate));
    if (upper?.kind !== 'passage' || lower?.kind !== 'passage') throw new Error('a gate saw nothing');
    expect(Math.abs(upper.speed - Math.sqrt(2 * g * 0.3))).toBeLessThan(g * dt);
    expect(Math.abs(lower.speed - Math.sqrt(2 * g * 1))).toBeLessThan(g * dt);
    const [between, toFloor] = spec.stopwatches!.map((s, i) => stopwatchReading(i, s, events, world.time, spec.gates!, byName));
    expect(Math.abs(between.laps[0] - (t(1) - t(0.3)))).toBeLessThan(dt);
    expect(Math.abs(toFloor.laps[0] - (t(1.5 - 0.04) - t(1)))).toBeLessThan(dt);
    // (v₂ − v₁)/Δt: the acceleration of free fall, to a percent.
    expect(Math.abs((lower.speed - upper.speed) / between.laps[0] - g)).toBeLessThan(0.01 * g);
    world.dispose();
  });
});

describe("the page's log over the timeline", () => {
  // The time machine's moves, played on a world by hand: steps, a seek back (a keyframe restored,
  // then replayed), a branch there. The readings at each time are what the run gave then.
  it('shows at each time what was found by then, evaluates no step twice and finds the future again after a branch', () => {
    const dt = 1 / 500, L = 0.8, pivot = 1.5;
    const world = engine.createWorld({
      format: 'featherweight-scene', version: 1, world: { gravity: [0, 0, -g], timestep: dt },
      articulations: [{ name: 'p', links: [{ name: 'rod', joint: { type: 'revolute', axis: [0, 1, 0], origin: { position: [0, 0, pivot] }, position: 0.2 }, inertial: { mass: 1, com: [0, 0, -L] } }] }],
    });
    const log = new InstrumentLog(world, () => world.timestep);
    log.setBodies(JSON.parse(world.simulation.bodiesJson()) as InstrumentBody[], 0);
    log.setInstruments({ gates: [{ name: 'bottom', point: [0, 0, pivot - L], normal: [1, 0, 0], radius: 0.1 }], stopwatches: [{ name: 'T', start: { gate: 'bottom' }, stop: { gate: 'bottom' }, count: 2, repeat: true }] }, 0);
    log.restart();
    const steps = (from: number, to: number) => {
      for (let n = from + 1; n <= to; n++) {
        world.step(1);
        log.stepped(n);
      }
    };
    const times = (now: number) => log.gateReadings(now)[0].passages.map((p) => p.time);
    const saved = world.saveState(); // the keyframe at step 0
    steps(0, 3000);
    const all = times(world.time), laps = log.stopwatchReadings(world.time)[0].laps;
    expect(all.length).toBeGreaterThanOrEqual(6);
    // Back to 0.9 s: a keyframe restored and replayed to there; only what had happened by then.
    world.restoreState(saved);
    steps(0, 450);
    log.moved(450, false);
    expect(times(world.time)).toEqual(all.filter((t) => t <= 0.9));
    expect(log.stopwatchReadings(world.time)[0].laps).toEqual([]); // the first period ends at T/4 + T ≈ 2.2 s
    // Played forward again: nothing is found twice.
    steps(450, 3000);
    expect(times(world.time)).toEqual(all);
    // A branch at 0.9 s (an input there): the later passages go, and the same run finds them again.
    world.restoreState(saved);
    steps(0, 450);
    log.moved(450, true);
    expect(log.eventsUpTo(Infinity).every((e) => e.time <= 0.9)).toBe(true);
    steps(450, 3000);
    expect(times(world.time)).toEqual(all);
    expect(log.stopwatchReadings(world.time)[0].laps).toEqual(laps);
    world.dispose();
  });
});

describe('meta.instruments', () => {
  it('is checked with the JSON path of each problem', () => {
    const scene = {
      ...dropScene(1, 0, 0.05, 0.01),
      meta: {
        instruments: {
          gates: [{ name: 'A', point: [0, 0, 0], normal: [0, 0, 0], radius: 0.1, body: 'nobody' }],
          stopwatches: [{ name: 'w', start: { gate: 'B' }, stop: { contact: 'begin', body: 'ball', other: 'wall' }, count: 0 }],
        },
      },
    };
    const paths = validateSceneMeta(scene).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining([
      '/meta/instruments/gates/0/normal', '/meta/instruments/gates/0/body',
      '/meta/instruments/stopwatches/0/start/gate', '/meta/instruments/stopwatches/0/stop/other', '/meta/instruments/stopwatches/0/count',
    ]));
    const good = { ...scene, meta: { instruments: { gates: [{ name: 'A', point: [0, 0, 0], normal: [0, 0, 1], radius: 0.1, body: 'ball' }], stopwatches: [{ name: 'w', start: { gate: 'A', direction: 'negative' } }] } } };
    expect(validateSceneMeta(good)).toEqual([]);
  });
});
