// A spring's coil as a tube along a helix about the z axis, from z = 0 to z = length, with short
// straight leads onto the axis at both ends. Only the length changes as the spring stretches:
// the vertices' z is rewritten then (the turns spread or bunch), the wire keeps its thickness.
import * as THREE from 'three';

const LEAD = 0.06; // of the length, at each end
const SIDES = 6; // around the wire

export class CoilGeometry extends THREE.BufferGeometry {
  /** Each vertex's place along the coil (0 … 1) and its offset along z from the wire's centre line. */
  private readonly along: Float32Array;
  private readonly rise: Float32Array;
  private length = -1;

  constructor(radius: number, thickness: number, turns: number, samplesPerTurn = 24) {
    super();
    const samples = turns * samplesPerTurn + 1;
    const count = samples * SIDES;
    const positions = new Float32Array(count * 3), normals = new Float32Array(count * 3);
    this.along = new Float32Array(count);
    this.rise = new Float32Array(count);
    for (let i = 0; i < samples; i++) {
      const t = i / (samples - 1);
      const lead = t < LEAD ? t / LEAD : t > 1 - LEAD ? (1 - t) / LEAD : 1; // 0 on the axis, 1 on the coil
      const angle = (2 * Math.PI * turns * Math.min(Math.max(t - LEAD, 0), 1 - 2 * LEAD)) / (1 - 2 * LEAD);
      const c = Math.cos(angle), s = Math.sin(angle);
      for (let k = 0; k < SIDES; k++) {
        // The wire's cross-section lies in the plane of the radial direction and the axis: the
        // helix's tangent is nearly along the turn.
        const phi = (2 * Math.PI * k) / SIDES;
        const out = Math.cos(phi), up = Math.sin(phi);
        const v = i * SIDES + k;
        const r = lead * radius + thickness * out;
        positions.set([r * c, r * s, 0], v * 3);
        normals.set([out * c, out * s, up], v * 3);
        this.along[v] = t;
        this.rise[v] = thickness * up;
      }
    }
    const index: number[] = [];
    for (let i = 0; i + 1 < samples; i++) {
      for (let k = 0; k < SIDES; k++) {
        const a = i * SIDES + k, b = i * SIDES + ((k + 1) % SIDES), c = a + SIDES, d = b + SIDES;
        index.push(a, c, b, b, c, d);
      }
    }
    this.setIndex(index);
    this.setAttribute('position', new THREE.BufferAttribute(positions, 3).setUsage(THREE.DynamicDrawUsage));
    this.setAttribute('normal', new THREE.BufferAttribute(normals, 3));
    this.setLength(1);
  }

  /** Stretches the coil to `length` (m). */
  setLength(length: number): void {
    if (Math.abs(length - this.length) < 1e-6) return;
    this.length = length;
    const position = this.getAttribute('position') as THREE.BufferAttribute;
    const xyz = position.array as Float32Array;
    for (let v = 0; v < this.along.length; v++) xyz[v * 3 + 2] = this.along[v] * length + this.rise[v];
    position.needsUpdate = true;
  }
}
