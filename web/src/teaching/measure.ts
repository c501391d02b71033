// Measuring on the view: a ruler (two clicks: the distance) and a protractor (three
// clicks: the angle at the middle one). Clicks snap to body points — each body's frame origin
// (where its joint is) and its centre of mass — within SNAP_PIXELS on screen, else land on the
// surface under the cursor. Points stick to their bodies, so a measure follows the motion.
import * as THREE from 'three';
import type { Renderer } from '../view/renderer';
import { formatFixed, t } from '../i18n/i18n';

const SNAP_PIXELS = 24;
export type MeasureMode = 'off' | 'ruler' | 'protractor';

interface Anchor {
  body: number; // −1: a fixed point in the world
  local: THREE.Vector3;
}

export interface MeasureHooks {
  /** Pose of a body (x y z qx qy qz qw) and its centre of mass in the body frame. */
  pose: (body: number) => ArrayLike<number>;
  centerOfMass: (body: number) => [number, number, number];
  bodyCount: () => number;
}

export class Measure {
  mode: MeasureMode = 'off';
  private anchors: Anchor[] = [];
  private readonly line: THREE.Line;
  private readonly label: HTMLElement;
  private readonly raycaster = new THREE.Raycaster();
  private readonly rotation = new THREE.Quaternion();

  constructor(scene: THREE.Scene, private readonly renderer: Renderer, canvas: HTMLCanvasElement, private readonly hooks: MeasureHooks) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9), 3));
    const material = new THREE.LineDashedMaterial({ color: '#111111', dashSize: 0.03, gapSize: 0.02, depthTest: false });
    this.line = new THREE.Line(geometry, material);
    this.line.renderOrder = 11;
    this.line.frustumCulled = false;
    this.line.visible = false;
    scene.add(this.line);
    this.label = document.createElement('div');
    this.label.className = 'measure-label';
    this.label.hidden = true;
    document.body.append(this.label);
    // On the canvas's parent, capture phase: before the canvas's own listeners (grab, orbit).
    canvas.parentElement!.addEventListener('pointerdown', (e) => this.down(e, canvas), { capture: true });
  }

  /** The reading now: metres for the ruler, degrees for the protractor; null until complete. */
  reading(): number | null {
    const points = this.anchors.map((a) => this.world(a));
    if (this.mode === 'ruler' && points.length === 2) return points[0].distanceTo(points[1]);
    if (this.mode === 'protractor' && points.length === 3) {
      const a = points[0].sub(points[1]), b = points[2].sub(points[1]);
      return THREE.MathUtils.radToDeg(a.angleTo(b));
    }
    return null;
  }

  setMode(mode: MeasureMode): void {
    this.mode = mode;
    this.clear();
  }

  clear(): void {
    this.anchors = [];
    this.line.visible = false;
    this.label.hidden = true;
  }

  private get needed(): number {
    return this.mode === 'ruler' ? 2 : 3;
  }

  private down(event: PointerEvent, canvas: HTMLCanvasElement): void {
    if (this.mode === 'off' || event.button !== 0 || event.target !== canvas) return;
    const anchor = this.snap(event.clientX, event.clientY) ?? this.surface(event, canvas);
    if (!anchor) return; // empty space: the view may still be turned
    event.preventDefault();
    event.stopPropagation();
    if (this.anchors.length >= this.needed) this.anchors = [];
    this.anchors.push(anchor);
  }

  /** The nearest body point on screen within SNAP_PIXELS: frame origins, then centres of mass. */
  private snap(x: number, y: number): Anchor | null {
    let best: Anchor | null = null;
    let bestDistance = SNAP_PIXELS;
    for (let body = 0; body < this.hooks.bodyCount(); body++) {
      for (const local of [new THREE.Vector3(), new THREE.Vector3(...this.hooks.centerOfMass(body))]) {
        const anchor = { body, local };
        const screen = this.renderer.toScreen(this.world(anchor));
        const distance = Math.hypot(screen.x - x, screen.y - y);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = anchor;
        }
      }
    }
    return best;
  }

  private surface(event: PointerEvent, canvas: HTMLCanvasElement): Anchor | null {
    const rect = canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.renderer.camera);
    const hit = this.raycaster.intersectObjects(this.renderer.bodyObjects(), true).find((h) => h.object.userData.pickable !== false);
    if (!hit) return null;
    const body = this.renderer.bodyIndexOf(hit.object, hit.instanceId);
    if (body < 0) return { body: -1, local: hit.point.clone() };
    const pose = this.hooks.pose(body);
    this.rotation.set(pose[3], pose[4], pose[5], pose[6]).invert();
    return { body, local: hit.point.clone().sub(new THREE.Vector3(pose[0], pose[1], pose[2])).applyQuaternion(this.rotation) };
  }

  private world(anchor: Anchor): THREE.Vector3 {
    if (anchor.body < 0) return anchor.local.clone();
    const pose = this.hooks.pose(anchor.body);
    this.rotation.set(pose[3], pose[4], pose[5], pose[6]);
    return anchor.local.clone().applyQuaternion(this.rotation).add(new THREE.Vector3(pose[0], pose[1], pose[2]));
  }

  /** Once a frame: the line and its label follow the bodies. */
  update(): void {
    if (this.mode === 'off' || this.anchors.length === 0) {
      this.line.visible = false;
      this.label.hidden = true;
      return;
    }
    const points = this.anchors.map((a) => this.world(a));
    const position = this.line.geometry.getAttribute('position') as THREE.BufferAttribute;
    points.forEach((p, i) => position.setXYZ(i, p.x, p.y, p.z));
    position.needsUpdate = true;
    this.line.geometry.setDrawRange(0, points.length);
    this.line.computeLineDistances();
    this.line.visible = points.length > 1;
    const value = this.reading();
    const at = this.renderer.toScreen(points[points.length === 3 ? 1 : points.length - 1]);
    this.label.style.left = `${at.x + 10}px`;
    this.label.style.top = `${at.y - 24}px`;
    this.label.hidden = false;
    this.label.textContent =
      value === null
        ? t('teaching.clickMore', { mode: t(`teaching.modes.${this.mode}`), count: this.needed - points.length })
        : this.mode === 'ruler'
          ? `${formatFixed(value, 3)} m`
          : `${formatFixed(value, 1)}°`;
  }
}
