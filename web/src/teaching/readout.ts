// The selected body's numbers in SI units: position and height of its centre of mass,
// velocity, speed, angular velocity, momentum, kinetic energy — all as the core reports them.
import type { BodyForces } from './body_forces';
import { formatFixed, t } from '../i18n/i18n';

const vec = (v: ArrayLike<number>, digits = 3) => `(${Array.from(v, (x) => formatFixed(x, digits)).join(t('teaching.vectorSeparator'))})`;

export class Readout {
  constructor(private readonly element: HTMLElement) {}

  update(forces: BodyForces, body: number, name: string, angular: [number, number, number] | null): void {
    this.element.hidden = body < 0 || angular === null;
    if (this.element.hidden || angular === null) return;
    const com = forces.vector(body, 'com'), v = forces.vector(body, 'velocity'), m = forces.mass(body);
    const text = t('teaching.readoutText', {
      name,
      mass: formatFixed(m, 3),
      com: vec(com),
      height: formatFixed(com[2], 3),
      velocity: vec(v),
      speed: formatFixed(Math.hypot(v[0], v[1], v[2]), 3),
      angular: vec(angular),
      momentum: vec([m * v[0], m * v[1], m * v[2]]),
      kinetic: formatFixed(forces.kinetic(body), 3),
    });
    if (this.element.textContent !== text) this.element.textContent = text;
  }
}
