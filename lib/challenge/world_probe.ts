// What a challenge's goal reads of a running simulation (ChallengeProbe), from the buffers the
// library's World and the page share (lib/views.ts): body poses (float64, computed per body
// asked), velocities, q, the energy ledger and the contact list with its body indices. Names
// are resolved once; the contact pairs and the ledger are read at most once per step.
import type { BodyInfo, JointInfo } from 'featherweight-wasm/featherweight.js';
import { rotate } from '../quaternion';
import type { Vec3 } from '../types';
import { CONTACT, ENERGY, POSE, type WorldViews } from '../views';
import type { ChallengeProbe } from './challenge_types';

export class WorldProbe implements ChallengeProbe {
  private readonly bodyIndex = new Map<string, number>();
  private readonly jointQIndex = new Map<string, number>();
  /** Body index pairs touching at this step, as a·n + b with a ≤ b; null until asked. */
  private pairs: Set<number> | null = null;
  private energy: number | null = null;
  private readonly velocity: Vec3 = [0, 0, 0];

  constructor(private readonly views: WorldViews) {
    const bodies = JSON.parse(views.simulation.bodiesJson()) as BodyInfo[];
    bodies.forEach((body, i) => this.bodyIndex.set(body.name, i));
    // (A link whose joint is revolute or prismatic in the scene but free here, "joints": "impulse", has no q to compare.)
    for (const joint of JSON.parse(views.simulation.jointsJson()) as JointInfo[]) if (joint.nq === 1) this.jointQIndex.set(joint.name, joint.qIndex);
  }

  refresh(): void {
    this.pairs = null;
    this.energy = null;
  }

  time(): number {
    return this.views.simulation.time();
  }

  timestep(): number {
    return this.views.simulation.timestep();
  }

  bodyPosition(name: string, point?: Vec3): Vec3 {
    const p = this.views.bodyPoseData(this.body(name))!;
    const origin: Vec3 = [p[POSE.x], p[POSE.y], p[POSE.z]];
    if (!point || (point[0] === 0 && point[1] === 0 && point[2] === 0)) return origin;
    const [x, y, z] = rotate([p[POSE.qw], p[POSE.qx], p[POSE.qy], p[POSE.qz]], point);
    return [origin[0] + x, origin[1] + y, origin[2] + z];
  }

  bodyVelocity(name: string): Vec3 {
    return this.views.linearVelocity(this.body(name), this.velocity);
  }

  jointQ(name: string): number {
    const index = this.jointQIndex.get(name);
    if (index === undefined) throw new RangeError(`the challenge names a joint the world does not have as one with one coordinate: "${name}"`);
    return this.views.q[index];
  }

  energyUsed(): number {
    if (this.energy === null) {
      const e = this.views.energyData();
      this.energy = Math.max(0, e[ENERGY.effortWork]) + Math.max(0, e[ENERGY.motorWork]);
    }
    return this.energy;
  }

  touching(a: string, b: string): boolean {
    const n = this.bodyIndex.size, i = this.body(a), j = this.body(b);
    return this.contactPairs().has(Math.min(i, j) * n + Math.max(i, j));
  }

  private contactPairs(): Set<number> {
    if (this.pairs) return this.pairs;
    const c = this.views.contactData(), s = CONTACT.stride, n = this.bodyIndex.size;
    const pairs = new Set<number>();
    for (let k = 0; k + s <= c.length; k += s) {
      const i = c[k + CONTACT.bodyA], j = c[k + CONTACT.bodyB];
      if (i >= 0 && j >= 0) pairs.add(Math.min(i, j) * n + Math.max(i, j));
    }
    return (this.pairs = pairs);
  }

  private body(name: string): number {
    const index = this.bodyIndex.get(name);
    if (index === undefined) throw new RangeError(`the challenge names a body the world does not have: "${name}"`);
    return index;
  }
}
