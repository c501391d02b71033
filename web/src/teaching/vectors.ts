// Vectors on bodies: velocity, acceleration, angular velocity, momentum and the forces
// that make up m a — net, gravity, contacts, joint, applied — as arrows from the centre of mass,
// for the selected body or all. All values come from the core (BodyForces, the velocity buffer).
// Each unit has one scale, a "nice" 1-2-5 step that changes only when the longest arrow leaves
// a band around it, so arrows do not jitter; the legend says what a metre of arrow stands for.
import * as THREE from 'three';
import type { BodyForces, VectorField } from './body_forces';
import { currentLanguage, formatNumber, t } from '../i18n/i18n';

interface Quantity {
  key: string;
  label: string;
  unit: string;
  color: string;
  read: (forces: BodyForces, body: number, angular: (body: number) => [number, number, number]) => [number, number, number];
}

const field = (f: VectorField) => (forces: BodyForces, body: number) => forces.vector(body, f);

export const QUANTITIES: Quantity[] = [
  { key: 'velocity', label: 'velocity', unit: 'm/s', color: '#2b6cd9', read: field('velocity') },
  { key: 'acceleration', label: 'acceleration', unit: 'm/s²', color: '#d9482b', read: field('acceleration') },
  { key: 'angularVelocity', label: 'angular velocity', unit: 'rad/s', color: '#9a4dc9', read: (_f, body, angular) => angular(body) },
  {
    key: 'momentum', label: 'momentum', unit: 'kg·m/s', color: '#1d8fa6',
    read: (f, body) => {
      const v = f.vector(body, 'velocity'), m = f.mass(body);
      return [m * v[0], m * v[1], m * v[2]];
    },
  },
  { key: 'net', label: 'net force', unit: 'N', color: '#111111', read: field('net') },
  { key: 'gravity', label: 'gravity', unit: 'N', color: '#2b9d58', read: field('gravity') },
  { key: 'contact', label: 'contact forces', unit: 'N', color: '#c98a1d', read: field('contact') },
  { key: 'joint', label: 'joint reaction', unit: 'N', color: '#8a5a44', read: field('joint') },
  { key: 'applied', label: 'mouse and applied', unit: 'N', color: '#d94f9c', read: field('applied') },
];

/** An arrow as drawn: body, quantity, its value, the legend's scale (value per metre of arrow) and its ends in the world. */
export interface DrawnArrow {
  body: number;
  key: string;
  value: [number, number, number];
  scale: number;
  origin: [number, number, number];
  tip: [number, number, number];
}

export type VectorToggles = Record<string, boolean> & { allBodies: boolean };

export function defaultVectorToggles(): VectorToggles {
  const toggles = { allBodies: false } as VectorToggles;
  for (const q of QUANTITIES) toggles[q.key] = false;
  return toggles;
}

/** A 1-2-5 step at or above x. */
function niceAbove(x: number): number {
  const power = 10 ** Math.floor(Math.log10(x));
  for (const step of [1, 2, 5, 10]) if (step * power >= x) return step * power;
  return 10 * power;
}

export class Vectors {
  readonly toggles = defaultVectorToggles();
  /** Metres of arrow the longest one of a unit aims at (set from the scene's size). */
  arrowLength = 0.5;
  private readonly group = new THREE.Group();
  private readonly arrows: THREE.ArrowHelper[] = [];
  private readonly scales = new Map<string, number>(); // unit → value per metre of arrow
  private readonly origin = new THREE.Vector3();
  private readonly direction = new THREE.Vector3();
  private readonly tip = new THREE.Vector3();
  private drawn: DrawnArrow[] = [];

  constructor(scene: THREE.Scene, private readonly legend: HTMLElement) {
    scene.add(this.group);
  }

  get anyShown(): boolean {
    return QUANTITIES.some((q) => this.toggles[q.key]);
  }

  /** A new scene: scales start again. */
  clear(): void {
    this.scales.clear();
  }

  /** What is drawn now (for the tests): body, quantity and the arrow's tip in the world. */
  describe(): DrawnArrow[] {
    return this.drawn;
  }

  update(forces: BodyForces, bodyCount: number, selected: number, angular: (body: number) => [number, number, number], moves: (body: number) => boolean): void {
    const shown = QUANTITIES.filter((q) => this.toggles[q.key]);
    const bodies: number[] = [];
    if (shown.length > 0 && this.toggles.allBodies) {
      for (let b = 0; b < bodyCount; b++) if (moves(b)) bodies.push(b);
    } else if (shown.length > 0 && selected >= 0 && selected < bodyCount) {
      bodies.push(selected);
    }
    // This frame's longest value per unit, then each unit's scale with hysteresis.
    const values = shown.map((q) => bodies.map((b) => q.read(forces, b, angular)));
    const longest = new Map<string, number>();
    shown.forEach((q, i) => {
      for (const v of values[i]) longest.set(q.unit, Math.max(longest.get(q.unit) ?? 0, Math.hypot(v[0], v[1], v[2])));
    });
    for (const [unit, max] of longest) {
      if (max <= 0) continue;
      const wanted = niceAbove(max / this.arrowLength);
      const current = this.scales.get(unit);
      // Grow at once when arrows would be over 1.5× the aim; shrink only below a fifth of it.
      if (current === undefined || max / current > 1.5 * this.arrowLength || max / current < 0.2 * this.arrowLength) this.scales.set(unit, wanted);
    }
    let used = 0;
    this.drawn = [];
    shown.forEach((q, i) => {
      const scale = this.scales.get(q.unit) ?? 1;
      bodies.forEach((body, k) => {
        const v = values[i][k];
        const length = Math.hypot(v[0], v[1], v[2]) / scale;
        if (length < 1e-4) return;
        const com = forces.vector(body, 'com');
        const arrow = this.arrow(used++, q.color);
        this.origin.set(com[0], com[1], com[2]);
        this.direction.set(v[0], v[1], v[2]).normalize();
        arrow.position.copy(this.origin);
        arrow.setDirection(this.direction);
        const head = Math.min(0.3 * length, 0.08);
        arrow.setLength(length, head, 0.6 * head);
        arrow.visible = true;
        // Read back from the scene graph: the cone's local origin is the arrow's tip.
        arrow.updateMatrixWorld(true);
        const tip = arrow.cone.getWorldPosition(this.tip);
        this.drawn.push({ body, key: q.key, value: v, scale, origin: [com[0], com[1], com[2]], tip: [tip.x, tip.y, tip.z] });
      });
    });
    for (let k = used; k < this.arrows.length; k++) this.arrows[k].visible = false;
    this.showLegend(shown);
  }

  private arrow(index: number, color: string): THREE.ArrowHelper {
    while (this.arrows.length <= index) {
      const arrow = new THREE.ArrowHelper();
      (arrow.line.material as THREE.LineBasicMaterial).depthTest = false;
      (arrow.cone.material as THREE.MeshBasicMaterial).depthTest = false;
      arrow.renderOrder = 10;
      this.group.add(arrow);
      this.arrows.push(arrow);
    }
    const arrow = this.arrows[index];
    arrow.setColor(color);
    return arrow;
  }

  private showLegend(shown: Quantity[]): void {
    this.legend.hidden = shown.length === 0;
    const text = `${currentLanguage()}|${shown.map((q) => `${q.key}:${this.scales.get(q.unit) ?? ''}`).join('|')}`;
    if (shown.length === 0 || this.legend.dataset.shown === text) return;
    this.legend.dataset.shown = text;
    this.legend.replaceChildren(
      ...shown.map((q) => {
        const line = document.createElement('div');
        const swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.style.background = q.color;
        const scale = this.scales.get(q.unit);
        const label = t(`teaching.quantities.${q.key}`);
        line.append(swatch, scale ? t('teaching.arrowScale', { label, scale: formatNumber(scale), unit: q.unit }) : label);
        return line;
      }),
    );
  }
}
