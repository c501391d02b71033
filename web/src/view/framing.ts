// Where the scene is shown: the largest part of the view that no panel covers (the scene panel,
// Controls, the plot, the timeline, the teaching boxes…). The camera's principal point sits at
// the middle of that free rectangle (a view offset: the orbit turns about what is seen there),
// and the bodies' box is fitted into it with a margin, at the scene's start, on Frame all and
// whenever a panel opens, folds or changes size. The box takes in where the bodies go over the
// run's first moments (stepped ahead, then put back) and grows as they go on over the first
// seconds, so the opening motion stays in view. Once the person turns or zooms the view it is
// theirs: only the principal point follows the panels then.
import * as THREE from 'three';
import type { Renderer } from './renderer';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Everything drawn over the view that the scene should stay clear of. */
export const COVERING_PANELS = [
  '#panel', '#gui-host > .lil-gui', '#plot-panel', '#timeline', '#teaching > *', '#build-bar', '#build-props', '#editor-panel', '#controller-editor', '#view-switch',
];

/**
 * The first seconds of a run (simulated) that the framing takes in: the first are looked at
 * ahead (a body that travels far would be framed tiny if all of its way were), the rest are
 * followed as the run goes, the view stepping back when a body nears its edge.
 */
const LOOK_AHEAD_SECONDS = 1.5;
const GROW_SECONDS = 4;
/** Room left around the framed box, as a fraction of the free rectangle's half size. */
const MARGIN = 0.1;
/** Gap kept between a panel and the scene (CSS px). */
const GAP = 6;
/** A free rectangle smaller than this (CSS px) is no place to show a scene: the whole view is used. */
const SMALLEST = 80;

const width = (r: Rect) => r.right - r.left;
const height = (r: Rect) => r.bottom - r.top;

/**
 * The largest rectangle of `area` that none of `covers` overlaps, preferring shapes no more
 * than 2.5 times as long as they are high (or the reverse): a thin strip shows no scene.
 */
export function freeRect(area: Rect, covers: Rect[]): Rect {
  const inside = covers
    .map((r) => ({ left: Math.max(area.left, r.left - GAP), top: Math.max(area.top, r.top - GAP), right: Math.min(area.right, r.right + GAP), bottom: Math.min(area.bottom, r.bottom + GAP) }))
    .filter((r) => width(r) > 0 && height(r) > 0);
  const edges = (a: number, b: number, pick: (r: Rect) => number[]) => [...new Set([a, b, ...inside.flatMap(pick)])].sort((p, q) => p - q);
  const xs = edges(area.left, area.right, (r) => [r.left, r.right]);
  const ys = edges(area.top, area.bottom, (r) => [r.top, r.bottom]);
  const score = (w: number, h: number) => Math.min(w, 2.5 * h) * Math.min(h, 2.5 * w);
  let best = area, bestScore = -1;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      for (let k = 0; k < ys.length; k++) {
        for (let l = k + 1; l < ys.length; l++) {
          const s = score(xs[j] - xs[i], ys[l] - ys[k]);
          if (s <= bestScore) continue;
          const candidate = { left: xs[i], right: xs[j], top: ys[k], bottom: ys[l] };
          if (inside.some((r) => r.left < candidate.right && r.right > candidate.left && r.top < candidate.bottom && r.bottom > candidate.top)) continue;
          best = candidate;
          bestScore = s;
        }
      }
    }
  }
  return width(best) >= SMALLEST && height(best) >= SMALLEST ? best : area;
}

/** The on-screen rectangles of the visible panels among `selectors`. */
export function coveringRects(selectors: string[]): Rect[] {
  const rects: Rect[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (element.checkVisibility?.() ?? true)) rects.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  }
  return rects;
}

/**
 * How far from `center`, along `direction` (unit, from the target towards the camera), the
 * camera must stand for every corner of `box` to project within `halfWidth` × `halfHeight` CSS
 * pixels of the principal point, `focal` being the CSS pixels per unit of tan(angle).
 */
export function fitDistance(box: THREE.Box3, center: THREE.Vector3, direction: THREE.Vector3, up: THREE.Vector3, focal: number, halfWidth: number, halfHeight: number): number {
  const forward = direction.clone().negate();
  const right = new THREE.Vector3().crossVectors(forward, up);
  if (right.lengthSq() < 1e-12) right.set(1, 0, 0); // looking straight along up
  right.normalize();
  const screenUp = new THREE.Vector3().crossVectors(right, forward);
  const tanX = halfWidth / focal, tanY = halfHeight / focal;
  const q = new THREE.Vector3();
  let distance = 0;
  for (let k = 0; k < 8; k++) {
    q.set(k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z).sub(center);
    // Depth of the corner is distance − q·direction; it must be at least its sideways reach over the field's tangent.
    distance = Math.max(distance, q.dot(direction) + Math.max(Math.abs(q.dot(right)) / tanX, Math.abs(q.dot(screenUp)) / tanY));
  }
  return distance;
}

/** What lookAhead needs of the world: steps, and a state to come back to exactly. */
export interface SteppedWorld {
  saveState(): Uint8Array;
  restoreState(state: Uint8Array): string;
  step(count: number): void;
  timestep(): number;
}

/**
 * The bodies' box over the first `seconds` of the run from now: the world is stepped ahead and
 * put back exactly (its saved state), for at most `budgetMs` of the page's time; only a slow
 * scene is looked at less far ahead (the framing's growth takes in the rest as it runs).
 */
export function lookAhead(world: SteppedWorld, bodies: () => THREE.Box3, seconds = LOOK_AHEAD_SECONDS, budgetMs = 150): THREE.Box3 {
  const box = bodies().clone();
  const state = world.saveState();
  const chunk = Math.max(1, Math.round(0.02 / world.timestep()));
  const start = performance.now();
  for (let t = 0; t < seconds && performance.now() - start < budgetMs; t += chunk * world.timestep()) {
    world.step(chunk);
    box.union(bodies());
  }
  world.restoreState(state);
  return box;
}

export class Framing {
  /** Whether the page still chooses the view (until the person turns or zooms it). */
  private auto = false;
  private readonly framed = new THREE.Box3();
  private free: Rect = { left: 0, top: 0, right: 1, bottom: 1 };
  private measured: number[] = []; // the canvas's and the panels' edges last read
  private roomy = false;
  private readonly room = new THREE.Box3(); // scratch: the framed box with a hair of slack
  private readonly size = new THREE.Vector3();

  constructor(private readonly renderer: Renderer, private readonly canvas: HTMLCanvasElement, private readonly selectors = COVERING_PANELS) {
    renderer.onOrbitStart(() => (this.auto = false));
    // A hand on the scene (a grab, a click, an orbit): the view holds still under it from now on.
    canvas.addEventListener('pointerdown', () => (this.auto = false), { capture: true });
  }

  /** The free rectangle the scene is shown in (CSS px of the page). */
  get freeArea(): Rect {
    return { ...this.free };
  }

  /**
   * Frames `box` (the bodies now) in the free part of the view, and keeps it framed as panels
   * change; `roomy`: from as far as its bounding sphere needs in the whole view (room around it).
   */
  frame(box: THREE.Box3, roomy = false): void {
    if (box.isEmpty()) return;
    this.auto = true;
    this.roomy = roomy;
    this.framed.copy(box);
    this.measure();
    this.fit();
  }

  /** The view is someone else's now (the person's, following a body, building). */
  release(): void {
    this.auto = false;
  }

  /** Every frame: follows the panels, and over a run's first seconds the bodies (their box now, at `time`). */
  update(bodies: () => THREE.Box3, time: number): void {
    const changed = this.measure();
    if (!this.auto) return;
    const box = time <= GROW_SECONDS ? bodies() : null;
    // Out by more than a hair (the look-ahead saw the bodies only every few steps).
    const room = this.room.copy(this.framed).expandByScalar(0.02 * this.framed.getSize(this.size).length());
    if (box && !box.isEmpty() && !room.containsBox(box)) {
      // A little more than needed, so that the view does not creep out a frame at a time.
      this.framed.union(box);
      this.framed.expandByScalar(0.1 * this.framed.getSize(this.size).length());
      this.fit();
    } else if (changed) {
      this.fit();
    }
  }

  /** Reads the panels; when the free rectangle moved, puts the principal point at its middle. Tells whether it moved. */
  private measure(): boolean {
    const r = this.canvas.getBoundingClientRect();
    const area = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    const covers = coveringRects(this.selectors);
    const edges = [area, ...covers].flatMap((c) => [c.left, c.top, c.right, c.bottom]);
    if (edges.length === this.measured.length && edges.every((x, i) => x === this.measured[i])) return false;
    this.measured = edges;
    this.free = freeRect(area, covers);
    this.renderer.setViewCenter((this.free.left + this.free.right) / 2 - r.left, (this.free.top + this.free.bottom) / 2 - r.top);
    return true;
  }

  /** Looks at the framed box's centre from its current direction, from just far enough (a flat view: at just the right scale). */
  private fit(): void {
    const camera = this.renderer.camera;
    if (camera instanceof THREE.OrthographicCamera) return this.fitFlat(camera);
    const center = this.framed.getCenter(new THREE.Vector3());
    const direction = camera.position.clone().sub(this.renderer.target);
    if (direction.lengthSq() < 1e-12) direction.set(0, -1, 0.3);
    direction.normalize();
    const focal = this.canvas.getBoundingClientRect().height / (2 * Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2));
    const halfWidth = (width(this.free) / 2) * (1 - MARGIN), halfHeight = (height(this.free) / 2) * (1 - MARGIN);
    const size = this.framed.getSize(new THREE.Vector3()).length();
    let distance = Math.max(fitDistance(this.framed, center, direction, camera.up, focal, halfWidth, halfHeight), size / 2 + 0.1, 0.3);
    if (this.roomy) {
      const vertical = THREE.MathUtils.degToRad(camera.fov) / 2, horizontal = Math.atan(Math.tan(vertical) * camera.aspect);
      distance = Math.max(distance, (Math.max(size / 2, 0.05) / Math.sin(Math.min(vertical, horizontal))) * 1.05);
    }
    this.renderer.placeCamera(center, center.clone().addScaledVector(direction, distance));
  }

  /**
   * A flat view of the framed box: its corners in the camera's frame (its own view matrix) give
   * the box's reach across and up the screen about its centre, and its depth; the scale is the
   * one at which that reach fills the free rectangle's half size.
   */
  private fitFlat(camera: THREE.OrthographicCamera): void {
    const center = this.framed.getCenter(new THREE.Vector3());
    camera.updateMatrixWorld();
    const middle = center.clone().applyMatrix4(camera.matrixWorldInverse);
    const q = new THREE.Vector3();
    let across = 1e-3, up = 1e-3, depth = 0;
    for (let k = 0; k < 8; k++) {
      const b = this.framed;
      q.set(k & 1 ? b.max.x : b.min.x, k & 2 ? b.max.y : b.min.y, k & 4 ? b.max.z : b.min.z).applyMatrix4(camera.matrixWorldInverse).sub(middle);
      across = Math.max(across, Math.abs(q.x));
      up = Math.max(up, Math.abs(q.y));
      depth = Math.max(depth, Math.abs(q.z));
    }
    const canvasHeight = this.canvas.getBoundingClientRect().height;
    const halfWidth = (width(this.free) / 2) * (1 - MARGIN), halfHeight = (height(this.free) / 2) * (1 - MARGIN);
    // CSS px per metre that fits both ways; the canvas's height then spans canvasHeight / scale metres.
    const scale = Math.min(halfWidth / across, halfHeight / up);
    let shown = Math.max(canvasHeight / (2 * scale), 0.15);
    if (this.roomy) {
      const radius = Math.max(this.framed.getSize(this.size).length() / 2, 0.05) * 1.05;
      shown = Math.max(shown, radius / Math.min(1, camera.right / camera.top));
    }
    this.renderer.placeFlat(center, shown, 2 * depth + 1);
  }
}
