// Grabbing bodies with the mouse or a finger: a raycast picks the body and the point, the
// pointer then moves a target on a plane facing the camera through that point (the wheel, or
// Shift with up/down, moves it in depth; not in a flat view, where that plane is the view's
// own), and the engine's mouse spring does the physics. A
// line shows the spring with its force in newtons. Grabbing a body also selects it; a click on
// empty space (no orbit drag) deselects. A static body (welded to the world: a table, the
// ground) is empty space here: a click that misses a toy lands on the table, and must neither
// select nor tint it.
import * as THREE from 'three';
import type { JointInfo } from 'featherweight-wasm/featherweight.js';
import { DRAG, type WorldViews } from '../../../lib/views';
import type { Renderer } from './renderer';
import { formatFixed } from '../i18n/i18n';

/** Where a grab goes: straight to the engine, or through the timeline, which records it. */
export interface DragInputs {
  start(body: number, point: [number, number, number]): void;
  move(point: [number, number, number]): void;
  end(): void;
}

/** The bodies welded to the world (static): they cannot be grabbed or selected. */
export function staticBodiesOf(joints: JointInfo[]): Set<number> {
  return new Set(joints.filter((j) => j.type === 'fixed' && j.parentBody < 0).map((j) => j.body));
}

export class DragController {
  private readonly raycaster = new THREE.Raycaster();
  private readonly plane = new THREE.Plane();
  private readonly target = new THREE.Vector3();
  private readonly line: THREE.Line;
  private readonly label: HTMLElement;
  private pointerId: number | null = null;
  private lastY = 0;
  private emptyDown: { id: number; x: number; y: number } | null = null;
  /** Called with the picked body's index, or −1 after a click on empty space. */
  onPick: (body: number) => void = () => {};
  /** While true (build mode) presses are left to others: nothing is grabbed or picked. */
  suspended = false;
  /** Bodies that are empty space to a click (static ones; see staticBodiesOf). */
  staticBodies = new Set<number>();
  /** Offered every press on a body first; true takes it (a trace, not a grab). */
  onPress: (body: number, point: THREE.Vector3) => boolean = () => false;

  constructor(
    private readonly views: WorldViews,
    private readonly renderer: Renderer,
    private readonly canvas: HTMLCanvasElement,
    private readonly inputs: DragInputs = {
      start: (body, p) => views.simulation.startDrag(body, ...p),
      move: (p) => views.simulation.moveDrag(...p),
      end: () => views.simulation.endDrag(),
    },
  ) {
    this.line = new THREE.Line(
      new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]),
      new THREE.LineBasicMaterial({ color: '#d9482b' }),
    );
    this.line.visible = false;
    this.line.frustumCulled = false;
    renderer.scene.add(this.line);
    this.label = document.createElement('div');
    this.label.className = 'drag-label';
    this.label.hidden = true;
    document.body.append(this.label);
    // Capture phase: runs before the orbit controls' own listener, which a grab then stops.
    canvas.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => {
      this.emptyClick(e);
      this.up(e);
    });
    canvas.addEventListener('pointercancel', (e) => this.up(e));
    canvas.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
  }

  get active(): boolean {
    return this.pointerId !== null;
  }

  private rayFrom(event: PointerEvent | WheelEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(ndc, this.renderer.camera);
  }

  private down(event: PointerEvent): void {
    if (event.button !== 0 || this.suspended) return;
    this.rayFrom(event);
    const hit = this.raycaster.intersectObjects(this.renderer.bodyObjects(), true).find((h) => h.object.userData.pickable !== false);
    const body = hit ? this.renderer.bodyIndexOf(hit.object, hit.instanceId) : -1;
    if (hit && body >= 0 && this.staticBodies.has(body) && this.onPress(body, hit.point)) {
      event.preventDefault(); // a measure on the table: taken, no orbit
      event.stopImmediatePropagation();
      return;
    }
    if (!hit || body < 0 || this.staticBodies.has(body)) {
      this.emptyDown = { id: event.pointerId, x: event.clientX, y: event.clientY };
      return;
    }
    this.onPick(body);
    event.preventDefault();
    event.stopImmediatePropagation(); // the orbit controls must not turn the view now
    if (this.onPress(body, hit.point)) return;
    this.pointerId = event.pointerId;
    this.canvas.setPointerCapture(event.pointerId);
    this.lastY = event.clientY;
    this.target.copy(hit.point);
    this.plane.setFromNormalAndCoplanarPoint(this.renderer.camera.getWorldDirection(new THREE.Vector3()), hit.point);
    this.inputs.start(body, [hit.point.x, hit.point.y, hit.point.z]);
    this.renderer.setOrbitEnabled(false);
  }

  private move(event: PointerEvent): void {
    if (event.pointerId !== this.pointerId) return;
    if (event.shiftKey && this.renderer.view === 'perspective') {
      // Shift: up/down moves the target towards or away from the camera.
      this.pushInDepth((this.lastY - event.clientY) * 0.01);
    } else {
      this.rayFrom(event);
      this.raycaster.ray.intersectPlane(this.plane, this.target);
    }
    this.lastY = event.clientY;
    this.inputs.move([this.target.x, this.target.y, this.target.z]);
  }

  private wheel(event: WheelEvent): void {
    if (!this.active) return;
    event.preventDefault();
    if (this.renderer.view !== 'perspective') return; // a flat view keeps the target in its plane
    this.pushInDepth(-event.deltaY * 0.002);
    this.inputs.move([this.target.x, this.target.y, this.target.z]);
  }

  private pushInDepth(metres: number): void {
    const direction = this.renderer.camera.getWorldDirection(new THREE.Vector3());
    this.target.addScaledVector(direction, metres);
    this.plane.setFromNormalAndCoplanarPoint(direction, this.target);
  }

  private emptyClick(event: PointerEvent): void {
    if (this.suspended) return;
    const down = this.emptyDown;
    this.emptyDown = null;
    if (down && down.id === event.pointerId && Math.hypot(event.clientX - down.x, event.clientY - down.y) < 5) this.onPick(-1);
  }

  private up(event: PointerEvent): void {
    if (event.pointerId !== this.pointerId) return;
    this.pointerId = null;
    this.inputs.end();
    this.renderer.setOrbitEnabled(true);
    this.line.visible = false;
    this.label.hidden = true;
  }

  /** Once per frame: the spring line from the grabbed point to the target, and its force. */
  update(): void {
    if (!this.active) return;
    const d = this.views.dragData(), p = DRAG.point, f = DRAG.force;
    const positions = this.line.geometry.getAttribute('position') as THREE.BufferAttribute;
    positions.setXYZ(0, d[p], d[p + 1], d[p + 2]);
    positions.setXYZ(1, this.target.x, this.target.y, this.target.z);
    positions.needsUpdate = true;
    this.line.visible = true;
    const screen = this.target.clone().project(this.renderer.camera);
    const rect = this.canvas.getBoundingClientRect();
    this.label.style.left = `${rect.left + ((screen.x + 1) / 2) * rect.width + 12}px`;
    this.label.style.top = `${rect.top + ((1 - screen.y) / 2) * rect.height - 8}px`;
    this.label.textContent = `${formatFixed(Math.hypot(d[f], d[f + 1], d[f + 2]), 1)} N`;
    this.label.hidden = false;
  }
}
