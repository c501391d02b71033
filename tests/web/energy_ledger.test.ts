// The energy ledger and the body forces through the module, as the page reads them: the cradle's
// books balance in wasm as natively, and the pendulum's rod tension comes through the bindings.
import { describe, expect, it } from 'vitest';
import { WorldViews, energyOf } from '../../lib/featherweight';
import { BodyForces } from '../../web/src/teaching/body_forces';
import { loadEngineInNode, readScene } from './engine';

describe('energy ledger in wasm', () => {
  it("balances Newton's cradle and reports what its impacts lost", async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(JSON.stringify(readScene('newtons-cradle.json')))).toBe('');
    const start = energyOf(engine, sim);
    sim.step(1500);
    const l = energyOf(engine, sim);
    expect(l.initial).toBe(start.initial);
    expect(Math.abs(l.balance)).toBeLessThan(1e-6 * Math.abs(l.initial));
    expect(Math.abs(l.contactLoss)).toBeLessThan(1e-6 * Math.abs(l.initial)); // e = 1
    expect(l.kinetic).toBeGreaterThan(0.01);
    sim.delete();
  });

  it('gives the pendulum bob its weight, velocity and kinetic energy', async () => {
    const engine = await loadEngineInNode();
    const sim = new engine.Simulation();
    expect(sim.load(JSON.stringify(readScene('pendulum.json')))).toBe('');
    sim.step(100);
    const forces = new BodyForces(new WorldViews(engine, sim));
    forces.refresh();
    expect(forces.mass(0)).toBe(1);
    expect(forces.vector(0, 'gravity')[2]).toBeCloseTo(-9.81, 5);
    const v = forces.vector(0, 'velocity');
    expect(forces.kinetic(0)).toBeCloseTo(0.5 * (v[0] ** 2 + v[1] ** 2 + v[2] ** 2), 4);
    const ledger = energyOf(engine, sim);
    expect(forces.kinetic(0)).toBeCloseTo(ledger.kinetic, 4);
    sim.delete();
  });
});
