// Body names in the view: a label over each moving body's centre of mass, drawn by three.js's
// CSS2DRenderer in a layer over the canvas that lets every click through. Names are set as text.
import * as THREE from 'three';
import { CSS2DObject, CSS2DRenderer } from 'three/examples/jsm/renderers/CSS2DRenderer.js';
import { POSE } from '../../../lib/views';

export interface LabelledBody {
  name: string;
  centerOfMass?: readonly number[];
  /** Static bodies (the ground) get no label. */
  moving: boolean;
}

export class BodyLabels {
  private readonly layer = new CSS2DRenderer();
  private readonly group = new THREE.Group();
  private labels: { object: CSS2DObject; body: number; com: THREE.Vector3 }[] = [];
  private visible = false;
  private readonly rotation = new THREE.Quaternion();

  constructor(
    scene: THREE.Scene,
    private readonly canvas: HTMLCanvasElement,
  ) {
    this.group.name = 'body labels';
    scene.add(this.group);
    const element = this.layer.domElement;
    element.className = 'body-labels';
    element.hidden = true;
    canvas.after(element); // under the panels, over the view
  }

  get shown(): boolean {
    return this.visible;
  }

  /** Labels for these bodies (a new scene). */
  setBodies(bodies: readonly LabelledBody[]): void {
    for (const { object } of this.labels) {
      object.element.remove();
      this.group.remove(object);
    }
    this.labels = [];
    bodies.forEach((body, index) => {
      if (!body.moving) return;
      const element = document.createElement('div');
      element.className = 'body-label';
      element.textContent = body.name;
      const object = new CSS2DObject(element);
      object.center.set(0.5, 1.4); // just above the point
      this.group.add(object);
      this.labels.push({ object, body: index, com: new THREE.Vector3(...(body.centerOfMass ?? [0, 0, 0])) });
    });
    this.group.visible = this.visible;
  }

  show(visible: boolean): void {
    this.visible = visible;
    this.group.visible = visible;
    this.layer.domElement.hidden = !visible;
  }

  /** Each frame: the labels follow the bodies' centres of mass. */
  update(poses: ArrayLike<number>, scene: THREE.Scene, camera: THREE.Camera): void {
    if (!this.visible) return;
    for (const { object, body, com } of this.labels) {
      const o = body * POSE.stride;
      this.rotation.set(poses[o + POSE.qx], poses[o + POSE.qy], poses[o + POSE.qz], poses[o + POSE.qw]);
      object.position.copy(com).applyQuaternion(this.rotation);
      object.position.x += poses[o + POSE.x];
      object.position.y += poses[o + POSE.y];
      object.position.z += poses[o + POSE.z];
    }
    const { clientWidth: width, clientHeight: height } = this.canvas;
    const size = this.layer.getSize();
    if (size.width !== width || size.height !== height) this.layer.setSize(width, height);
    this.layer.render(scene, camera);
  }

  /** The labels' texts and where they are on the screen (CSS pixels), for the tests. */
  describe(): { text: string; x: number; y: number }[] {
    if (!this.visible) return [];
    return this.labels.map(({ object }) => {
      const rect = object.element.getBoundingClientRect();
      return { text: object.element.textContent ?? '', x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
  }
}
