// Build mode's gizmo (three.js TransformControls): it holds a proxy object put on the selected
// parts (or one selected joint); how far the proxy moved since the drag began is the edit.
import * as THREE from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import type { Renderer } from '../view/renderer';
import { partById, type BuildDoc, type Part } from './build_doc';
import type { Selection } from './build_properties';
import { boundsOf } from './placement';

export class BuildGizmo {
  readonly controls: TransformControls;
  readonly proxy = new THREE.Object3D();
  private readonly start = new THREE.Matrix4();

  /** `moved(finished)`: the proxy moved (while dragging, then once when the drag ends). */
  constructor(private readonly renderer: Renderer, canvas: HTMLCanvasElement, moved: (finished: boolean) => void) {
    renderer.scene.add(this.proxy);
    this.controls = new TransformControls(renderer.camera, canvas);
    renderer.onViewChange(() => (this.controls.camera = renderer.camera)); // a flat view shows another camera
    this.show(false);
    renderer.scene.add(this.controls.getHelper());
    this.controls.addEventListener('dragging-changed', (event) => {
      renderer.setOrbitEnabled(!event.value);
      if (event.value) this.start.copy(this.proxy.matrixWorld);
    });
    this.controls.addEventListener('objectChange', () => moved(false));
    this.controls.addEventListener('mouseUp', () => moved(true));
  }

  get visible(): boolean {
    return this.controls.getHelper().visible;
  }

  get attached(): boolean {
    return Boolean(this.controls.object);
  }

  setSnap(translation: number | null, rotation: number | null): void {
    this.controls.setTranslationSnap(translation);
    this.controls.setRotationSnap(rotation);
  }

  show(visible: boolean): void {
    this.controls.getHelper().visible = visible;
    this.controls.enabled = visible;
  }

  hide(): void {
    this.controls.detach();
    this.show(false);
  }

  /** The gizmo on the selection: on the selected parts (turned with a single one), or on one selected joint; else hidden. */
  place(doc: BuildDoc, selection: Selection): void {
    const proxy = this.proxy;
    const parts = selection.parts.map((id) => partById(doc, id)).filter((p): p is Part => p !== undefined);
    const joint = selection.joints.length === 1 && parts.length === 0 ? doc.joints.find((j) => j.id === selection.joints[0]) : undefined;
    if (parts.length > 0) {
      proxy.position.set(...boundsOf(parts).centre);
      const p = parts[0].quaternion;
      proxy.quaternion.set(...(parts.length === 1 ? ([p[1], p[2], p[3], p[0]] as const) : ([0, 0, 0, 1] as const)));
    } else if (joint) {
      proxy.position.set(...joint.anchor);
      proxy.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), new THREE.Vector3(...joint.axis).normalize());
    } else return this.hide();
    proxy.updateMatrixWorld();
    this.start.copy(proxy.matrixWorld);
    this.controls.attach(proxy);
    this.show(true);
  }

  /** The handle under the pointer (at `ndc`), as the controls would take a press there: 'X', 'XY', … or null. */
  handleAt(ndc: THREE.Vector2): string | null {
    (this.controls as unknown as { pointerHover(p: { x: number; y: number; button: number }): void }).pointerHover({ x: ndc.x, y: ndc.y, button: 0 });
    return this.controls.axis;
  }

  /** Is a handle ('X', 'Y' or 'Z') an arrow within about 30° of the view direction? */
  alongView(axis: string): boolean {
    const k = ['X', 'Y', 'Z'].indexOf(axis);
    if (k < 0) return false;
    const arrow = new THREE.Vector3().setComponent(k, 1);
    if (this.controls.space === 'local') arrow.applyQuaternion(this.proxy.quaternion);
    return Math.abs(arrow.dot(this.renderer.camera.getWorldDirection(new THREE.Vector3()))) > 0.85;
  }

  /** The proxy's move since the drag began (a world transform). */
  delta(): THREE.Matrix4 {
    this.proxy.updateMatrixWorld();
    return this.proxy.matrixWorld.clone().multiply(this.start.clone().invert());
  }
}
