// Springs, strings and air drag against closed forms, through the built module as the page and
// the library run it: a string pendulum's and a spring's periods, an Atwood machine over a pulley,
// a slack string that changes nothing, terminal speeds of viscous and quadratic drag, and the
// energy ledger of a damped spring.
import { describe, expect, it } from 'vitest';
import type { FeatherweightModule, Simulation } from 'featherweight-wasm/featherweight.js';
import { POSE, VELOCITY, WorldViews } from '../../lib/featherweight';
import { loadEngineInNode } from './engine';

const g = 9.81;

/** A point-like ball (radius 1 cm, inertia 1e-6 kg·m²) named `name` of mass `mass` at `position`. */
function ball(name: string, position: number[], mass = 1, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, position,
    inertial: { mass, inertia: { ixx: 1e-6, iyy: 1e-6, izz: 1e-6 } },
    shapes: [{ type: 'sphere', radius: 0.01, collision: { mask: 0 } }],
    ...extra,
  };
}

function scene(parts: Record<string, unknown>, world: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'featherweight-scene', version: 1, world: { timestep: 1e-3, ...world }, ...parts });
}

async function loaded(text: string): Promise<{ engine: FeatherweightModule; sim: Simulation; views: WorldViews }> {
  const engine = await loadEngineInNode();
  const sim = new engine.Simulation();
  expect(sim.load(text)).toBe('');
  return { engine, sim, views: new WorldViews(engine, sim) };
}

/** Steps one at a time and returns the mean period of `signal` from its upward zero crossings (linear interpolation). */
function periodOf(sim: Simulation, signal: () => number, steps: number): number {
  const h = sim.timestep();
  const crossings: number[] = [];
  let before = signal();
  for (let n = 1; n <= steps; n++) {
    sim.step(1);
    const now = signal();
    if (before < 0 && now >= 0) crossings.push((n - 1 + before / (before - now)) * h);
    before = now;
  }
  expect(crossings.length).toBeGreaterThan(3);
  return (crossings[crossings.length - 1]! - crossings[0]!) / (crossings.length - 1);
}

/** A body's position (float64, computed now). */
function position(views: WorldViews, body: number): number[] {
  const pose = views.bodyPoseData(body)!;
  return [pose[POSE.x]!, pose[POSE.y]!, pose[POSE.z]!];
}

describe('springs, strings and drag against closed forms', () => {
  it('swings a string pendulum with the period 2π√(L/g)', async () => {
    // L = 1 m from (0, 0, 2), released 0.01 rad aside: T = 2π√(L/g)(1 + θ₀²/16), the amplitude's
    // share 6e-6. A small slop keeps the string's length exact (the split impulse pulls it back).
    const L = 1, theta = 0.01;
    const { sim, views } = await loaded(scene({
      bodies: [ball('bob', [L * Math.sin(theta), 0, 2 - L * Math.cos(theta)])],
      strings: [{ a: 'world', pointA: [0, 0, 2], b: 'bob', length: L }],
    }, { solver: { slop: 1e-9 } }));
    const period = periodOf(sim, () => position(views, 0)[0]!, 12000);
    expect(Math.abs(period / (2 * Math.PI * Math.sqrt(L / g)) - 1)).toBeLessThan(1e-4);
    const [string] = views.parts();
    expect(string!.tension).toBeGreaterThan(0.99 * g); // taut: ≈ m g cos θ + m v²/L
    expect(Math.abs(string!.length - L)).toBeLessThan(1e-6);
    sim.delete();
  });

  it.each([
    ['semi-implicit-euler', 1e-4],
    ['rk4', 1e-7], // evaluated at every stage: RK4's own O((ωh)⁴)
  ])('bobs a mass on a vertical spring at √(k/m)/2π (%s)', async (integrator, tolerance) => {
    // k = 100 N/m, m = 1 kg, rest length 0.5 m from (0, 0, 2); released 5 cm below equilibrium.
    const k = 100, m = 1, rest = 0.5;
    const equilibrium = 2 - rest - (m * g) / k;
    const { sim, views } = await loaded(scene({
      bodies: [ball('bob', [0, 0, equilibrium - 0.05], m)],
      springs: [{ a: 'world', pointA: [0, 0, 2], b: 'bob', stiffness: k, restLength: rest }],
    }, { integrator }));
    const period = periodOf(sim, () => position(views, 0)[2]! - equilibrium, 8000);
    expect(Math.abs(period / (2 * Math.PI * Math.sqrt(m / k)) - 1)).toBeLessThan(tolerance);
    const info = views.partInfo();
    expect(info).toEqual([expect.objectContaining({ kind: 'spring', bodyA: -1, bodyB: 0, restLength: rest, stiffness: k })]);
    const [spring] = views.parts();
    expect(spring!.endA).toEqual([0, 0, 2]);
    expect(spring!.length).toBeCloseTo(2 - position(views, 0)[2]!, 12);
    sim.delete();
  });

  it('accelerates an Atwood machine over a pulley at (m₁ − m₂)g/(m₁ + m₂)', async () => {
    // 2 kg and 1 kg hanging 1 m below the two sides of a pulley (via points 0.2 m apart).
    const m1 = 2, m2 = 1;
    const { sim, views } = await loaded(scene({
      bodies: [ball('heavy', [-0.1, 0, 1], m1), ball('light', [0.1, 0, 1], m2)],
      strings: [{ a: 'heavy', b: 'light', via: [[-0.1, 0, 2], [0.1, 0, 2]] }],
    }));
    sim.step(500);
    const t = sim.time(), a = ((m1 - m2) * g) / (m1 + m2);
    const v = views.velocities;
    expect(Math.abs(-v[VELOCITY.linear + 2]! / (a * t) - 1)).toBeLessThan(1e-4);
    expect(Math.abs(v[VELOCITY.stride + VELOCITY.linear + 2]! / (a * t) - 1)).toBeLessThan(1e-4);
    const [string] = views.parts();
    expect(Math.abs(string!.tension / ((2 * m1 * m2 * g) / (m1 + m2)) - 1)).toBeLessThan(1e-4);
    expect(views.partInfo()[0]!.length).toBeCloseTo(2.2, 12);
    sim.delete();
  });

  it('lets a slack string change nothing', async () => {
    // A ball sliding across a table, tied by a 3 m string to a point 1 m above: never taut.
    const table = { name: 'table', static: true, shapes: [{ type: 'box', size: [4, 4, 0.1], position: [0, 0, -0.05] }] };
    const bodies = [table, ball('puck', [0, 0, 0.01], 1, { linearVelocity: [0.5, 0.2, 0], shapes: [{ type: 'sphere', radius: 0.01 }] })];
    const tied = await loaded(scene({ bodies, strings: [{ a: 'world', pointA: [0, 0, 1], b: 'puck', length: 3 }] }));
    const free = await loaded(scene({ bodies }));
    for (let n = 0; n < 20; n++) {
      tied.sim.step(50);
      free.sim.step(50);
      expect(tied.views.parts()[0]!.tension).toBe(0);
      expect(Array.from(tied.views.poses)).toEqual(Array.from(free.views.poses));
    }
    expect(tied.views.poses[POSE.stride + POSE.x]).toBeGreaterThan(0.05); // it did slide
    tied.sim.delete();
    free.sim.delete();
  });

  it('falls at the terminal speeds mg/b (viscous) and √(mg/k) (quadratic)', async () => {
    const m = 1, b = 2, k = 0.5;
    const { sim, views } = await loaded(scene({
      world: { timestep: 1e-3, drag: { viscous: b } },
      bodies: [ball('viscous', [0, 0, 0], m), ball('quadratic', [1, 0, 0], m, { drag: { linear: k } })],
    }));
    sim.step(10000); // 20 time constants m/b; v_t/g ≈ 0.45 s for the quadratic one
    const v = views.velocities;
    expect(Math.abs(-v[VELOCITY.linear + 2]! / ((m * g) / b) - 1)).toBeLessThan(1e-4);
    expect(Math.abs(-v[VELOCITY.stride + VELOCITY.linear + 2]! / Math.sqrt((m * g) / k) - 1)).toBeLessThan(1e-4);
    sim.delete();
  });

  it("books a damped spring's energy under rk4 to the integrator's own error", async () => {
    // The same spring, accurate stepping: the damper's loss by the trapezoid rule on its power,
    // O(h²) per step relative, well below 1e-5 J over 5 s; the ledger without it would miss E₀.
    const k = 100, c = 0.5, m = 1, rest = 0.5, A = 0.1;
    const equilibrium = 2 - rest - (m * g) / k;
    const { sim, views } = await loaded(scene({
      bodies: [ball('bob', [0, 0, equilibrium - A], m)],
      springs: [{ a: 'world', pointA: [0, 0, 2], b: 'bob', stiffness: k, damping: c, restLength: rest }],
    }, { integrator: 'rk4' }));
    sim.step(5000);
    const end = views.energy();
    expect(Math.abs(end.balance)).toBeLessThan(1e-5);
    expect(end.dampingLoss).toBeGreaterThan(0.9 * 0.5 * k * A * A);
    const [spring] = views.parts(); // k (d − L₀) + c ḋ, the damper's share under 0.5 N by now
    expect(Math.abs(spring!.tension - k * (spring!.length - rest))).toBeLessThan(0.5);
    sim.delete();
  });

  it("books a damped spring's energy: kinetic + potential + losses stays the initial energy", async () => {
    // k = 100 N/m, c = 0.5 N·s/m, m = 1 kg (ω = 10 rad/s), released 10 cm below equilibrium: the
    // oscillation's energy E₀ = ½ k A² = 0.5 J decays as e^(−ct/m). Semi-implicit Euler keeps a
    // modified energy within O(ωh) of the true one, so the books may be off by ~ωh·E₀ = 5 mJ at
    // h = 1 ms, and no more: the bound is 2ωh·E₀. The damper must have taken E₀(1 − e^(−ct/m)).
    const k = 100, c = 0.5, m = 1, rest = 0.5, A = 0.1, h = 1e-3;
    const equilibrium = 2 - rest - (m * g) / k;
    const { sim, views } = await loaded(scene({
      bodies: [ball('bob', [0, 0, equilibrium - A], m)],
      springs: [{ a: 'world', pointA: [0, 0, 2], b: 'bob', stiffness: k, damping: c, restLength: rest }],
    }, { timestep: h }));
    const start = views.energy();
    expect(start.spring).toBeCloseTo(0.5 * k * ((m * g) / k + A) ** 2, 9);
    const E0 = 0.5 * k * A * A, omega = Math.sqrt(k / m);
    let worst = 0;
    for (let n = 0; n < 50; n++) {
      sim.step(100);
      worst = Math.max(worst, Math.abs(views.energy().balance));
    }
    const end = views.energy();
    expect(worst).toBeLessThan(2 * omega * h * E0);
    expect(end.appliedWork).toBeCloseTo(0, 9);
    expect(Math.abs(end.dampingLoss / (E0 * (1 - Math.exp((-c * sim.time()) / m))) - 1)).toBeLessThan(0.02);
    sim.delete();
  });
});
