// The selected body's numbers in SI units: position and height of its centre of mass,
// velocity, speed, angular velocity, momentum, kinetic energy — all as the core reports them.
import type { BodyForces } from './body_forces';

const vec = (v: ArrayLike<number>, digits = 3) => `(${Array.from(v, (x) => x.toFixed(digits)).join(', ')})`;

export class Readout {
  constructor(private readonly element: HTMLElement) {}

  update(forces: BodyForces, body: number, name: string, angular: [number, number, number] | null): void {
    this.element.hidden = body < 0 || angular === null;
    if (this.element.hidden || angular === null) return;
    const com = forces.vector(body, 'com'), v = forces.vector(body, 'velocity'), m = forces.mass(body);
    const text =
      `${name}  (${m.toFixed(3)} kg)\n` +
      `centre of mass  ${vec(com)} m\n` +
      `height          ${com[2].toFixed(3)} m\n` +
      `velocity        ${vec(v)} m/s\n` +
      `speed           ${Math.hypot(v[0], v[1], v[2]).toFixed(3)} m/s\n` +
      `angular vel.    ${vec(angular)} rad/s\n` +
      `momentum        ${vec([m * v[0], m * v[1], m * v[2]])} kg·m/s\n` +
      `kinetic energy  ${forces.kinetic(body).toFixed(3)} J`;
    if (this.element.textContent !== text) this.element.textContent = text;
  }
}
