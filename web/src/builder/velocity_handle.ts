// The selected part's initial velocity as an arrow above it, whose tip can be dragged: the arrow
// is the distance travelled in a quarter of a second (v · 0.25 s), so a drag sets v directly.
import * as THREE from 'three';
import type { Part, Vec3 } from './build_doc';

const SECONDS = 0.25;

export class VelocityHandle {
  private readonly arrow = new THREE.ArrowHelper(new THREE.Vector3(1, 0, 0), new THREE.Vector3(), 1, '#d9a400');
  private readonly knob = new THREE.Mesh(new THREE.SphereGeometry(0.05, 16, 8), new THREE.MeshBasicMaterial({ color: '#ffd23f', depthTest: false, transparent: true }));
  private readonly base = new THREE.Vector3();
  readonly tip = new THREE.Vector3();
  private part = -1;

  constructor(scene: THREE.Scene) {
    this.knob.renderOrder = 11;
    this.arrow.renderOrder = 11;
    scene.add(this.arrow, this.knob);
    this.hide();
  }

  show(part: Part): void {
    this.part = part.id;
    const reach = part.shape === 'sphere' ? part.size[0] : Math.max(...part.size) / 2;
    this.base.set(part.position[0], part.position[1], part.position[2] + reach + 0.15);
    this.tip.copy(this.base).addScaledVector(new THREE.Vector3(...part.linearVelocity), SECONDS);
    this.knob.visible = true;
    this.draw();
  }

  hide(): void {
    this.part = -1;
    this.arrow.visible = this.knob.visible = false;
  }

  /** The part whose knob the ray meets, or null. */
  pick(raycaster: THREE.Raycaster): number | null {
    return this.knob.visible && raycaster.intersectObject(this.knob, false).length > 0 ? this.part : null;
  }

  drag(to: THREE.Vector3): void {
    this.tip.copy(to);
    this.draw();
  }

  /** The velocity the arrow shows, m/s to 0.01. */
  velocity(): Vec3 {
    const v = this.tip.clone().sub(this.base).divideScalar(SECONDS);
    return [v.x, v.y, v.z].map((x) => Math.round(x * 100) / 100 + 0) as Vec3;
  }

  private draw(): void {
    this.knob.position.copy(this.tip);
    const d = this.tip.clone().sub(this.base);
    const length = d.length();
    this.arrow.visible = length > 1e-3;
    if (this.arrow.visible) {
      this.arrow.position.copy(this.base);
      this.arrow.setDirection(d.normalize());
      this.arrow.setLength(length, Math.min(0.15, length * 0.4), Math.min(0.08, length * 0.25));
    }
  }
}
