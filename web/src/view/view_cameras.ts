// The view's two cameras and the orbit controls that move them: the scene's perspective camera,
// which orbits, and an orthographic one for the flat views of a planar scene (front, side, top),
// which only pans and zooms. Whichever is shown is `camera`; everything that picks, projects or
// unprojects goes through it, so a ray, a drag plane or a label fits either kind.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { CAMERA_DEFAULTS } from '../../../lib/scene_defaults.generated';
import type { SceneCamera } from '../scene/scene_types';

export type ViewPreset = NonNullable<SceneCamera['view']>;
export const VIEW_PRESETS: readonly ViewPreset[] = ['perspective', 'front', 'side', 'top'];
type FlatView = Exclude<ViewPreset, 'perspective'>;

/** From the target towards the eye, per flat view (z up): front looks along +y, side along −x, top down −z. */
const EYE_SIDE: Record<FlatView, THREE.Vector3> = {
  front: new THREE.Vector3(0, -1, 0),
  side: new THREE.Vector3(1, 0, 0),
  top: new THREE.Vector3(0, 0, 1),
};
/** How far in front of the target a flat view's camera stands (m) unless the scene needs more: near, so the fog stays behind. */
const FLAT_DEPTH = 10;

export interface CameraSetup {
  position: [number, number, number];
  target: [number, number, number];
  fov: number;
  view?: ViewPreset;
}

const DEFAULT_CAMERA: CameraSetup = {
  position: [...CAMERA_DEFAULTS.position],
  target: [...CAMERA_DEFAULTS.target],
  fov: CAMERA_DEFAULTS.fov,
};

export class ViewCameras {
  readonly perspective = new THREE.PerspectiveCamera(45, 1, 0.05, 500);
  /** Its frustum is ±aspect × ±1 at zoom 1: the world half-height shown is 1 / zoom. */
  readonly orthographic = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.01, 1000);
  readonly controls: OrbitControls;
  private preset: ViewPreset = 'perspective';
  /** The perspective eye's place relative to the target, kept while a flat view is shown. */
  private readonly perspectiveOffset = new THREE.Vector3(0, -1, 0);
  private twoFinger = false;
  private readonly listeners: (() => void)[] = [];

  constructor(canvas: HTMLCanvasElement) {
    this.perspective.up.set(0, 0, 1); // physics is Z-up
    this.orthographic.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.perspective, canvas);
    // The view glides to a stop after an orbit, unless the reader asks for less motion.
    this.controls.enableDamping = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  /** The camera shown now. */
  get camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    return this.preset === 'perspective' ? this.perspective : this.orthographic;
  }

  get view(): ViewPreset {
    return this.preset;
  }

  get target(): THREE.Vector3 {
    return this.controls.target;
  }

  /** Calls `listener` after every switch of view (the camera object changes). */
  onViewChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Shows `preset` about the same target, at the scale the view had there. */
  setView(preset: ViewPreset): void {
    if (preset === this.preset) return;
    const halfHeight = this.halfHeightAtTarget();
    if (this.preset === 'perspective') this.perspectiveOffset.subVectors(this.perspective.position, this.target);
    this.preset = preset;
    if (preset === 'perspective') this.perspective.position.copy(this.target).add(this.perspectiveOffset);
    else this.placeFlat(this.target, halfHeight);
    this.useCamera();
  }

  /** The world half-height the view shows at its target (m). */
  halfHeightAtTarget(): number {
    if (this.preset !== 'perspective') return this.orthographic.top / this.orthographic.zoom;
    const fov = THREE.MathUtils.degToRad(this.perspective.fov);
    return this.perspective.position.distanceTo(this.target) * Math.tan(fov / 2);
  }

  /** A flat view looking at `target`, `halfHeight` metres of world above and below it, `depth` metres away. */
  placeFlat(target: THREE.Vector3, halfHeight: number, depth = FLAT_DEPTH): void {
    if (this.preset === 'perspective') return;
    const camera = this.orthographic;
    this.controls.target.copy(target);
    camera.position.copy(target).addScaledVector(EYE_SIDE[this.preset], Math.max(depth, FLAT_DEPTH));
    camera.zoom = camera.top / Math.max(halfHeight, 1e-4);
    camera.far = Math.max(1000, 4 * depth);
    camera.updateProjectionMatrix();
    this.controls.update();
  }

  /** Puts the perspective eye at `position` looking at `target` (the orbit turns about it). */
  placePerspective(target: THREE.Vector3, position: THREE.Vector3): void {
    this.controls.target.copy(target);
    this.perspective.position.copy(position);
    this.perspective.far = Math.max(500, position.distanceTo(target) * 4);
    this.perspective.updateProjectionMatrix();
    this.controls.update();
  }

  /** The view as it is now, in the scene's `camera` form: a flat view keeps the perspective direction, at the distance showing its scale. */
  setup(): CameraSetup {
    const round = (v: THREE.Vector3) => v.toArray().map((x) => Number(x.toFixed(4))) as [number, number, number];
    const fov = this.perspective.fov;
    if (this.preset === 'perspective') return { position: round(this.perspective.position), target: round(this.target), fov };
    const distance = this.halfHeightAtTarget() / Math.tan(THREE.MathUtils.degToRad(fov) / 2);
    const position = this.target.clone().addScaledVector(this.perspectiveOffset.clone().normalize(), distance);
    return { position: round(position), target: round(this.target), fov, view: this.preset };
  }

  /** Sets the view from a scene's `camera` (the defaults when it has none). */
  set(setup: CameraSetup | undefined): void {
    const c = setup ?? DEFAULT_CAMERA;
    const perspective = this.perspective;
    perspective.position.set(...c.position);
    perspective.fov = c.fov;
    perspective.updateProjectionMatrix();
    this.controls.target.set(...c.target);
    // Scenes are framed for a landscape view: in a portrait one (a phone) step back so that
    // what the scene shows across its height still fits across the narrower width.
    const offset = perspective.position.clone().sub(this.target);
    if (perspective.aspect < 1) perspective.position.copy(this.target).addScaledVector(offset, Math.min(1 / perspective.aspect, 2.5));
    this.perspectiveOffset.subVectors(perspective.position, this.target);
    const halfHeight = this.perspectiveOffset.length() * Math.tan(THREE.MathUtils.degToRad(c.fov) / 2);
    this.preset = c.view ?? 'perspective';
    this.placeFlat(this.target, halfHeight);
    this.useCamera();
  }

  /** Moves the target to a point, the camera along with it. */
  moveTargetTo(point: THREE.Vector3): void {
    const delta = point.clone().sub(this.target);
    this.target.add(delta);
    this.camera.position.add(delta);
  }

  /** Build mode: one finger places, selects and moves, so the view moves with two (and pinches). */
  setTwoFingerOrbit(on: boolean): void {
    this.twoFinger = on;
    this.applyGestures();
  }

  /** Both cameras fit a canvas of w × h CSS px whose principal point is at (x, y) (null: its middle). */
  resize(w: number, h: number, center: { x: number; y: number } | null): void {
    const aspect = w / h;
    this.perspective.aspect = aspect;
    this.orthographic.left = -aspect;
    this.orthographic.right = aspect;
    for (const camera of [this.perspective, this.orthographic]) {
      if (center) camera.setViewOffset(w, h, w / 2 - center.x, h / 2 - center.y, w, h);
      camera.updateProjectionMatrix();
    }
  }

  private useCamera(): void {
    this.controls.object = this.camera;
    this.applyGestures();
    this.controls.update();
    for (const listener of this.listeners) listener();
  }

  /** A flat view does not turn: the left button and one finger pan it instead. */
  private applyGestures(): void {
    const flat = this.preset !== 'perspective';
    const controls = this.controls;
    controls.enableRotate = !flat;
    controls.mouseButtons = { LEFT: flat ? THREE.MOUSE.PAN : THREE.MOUSE.ROTATE, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.PAN };
    const one = flat ? THREE.TOUCH.PAN : THREE.TOUCH.ROTATE;
    controls.touches = this.twoFinger
      ? { ONE: null as unknown as THREE.TOUCH, TWO: flat ? THREE.TOUCH.DOLLY_PAN : THREE.TOUCH.DOLLY_ROTATE }
      : { ONE: one, TWO: THREE.TOUCH.DOLLY_PAN };
  }
}
