// Build mode draws each joint where it is: a dot at its anchor and, for hinges and sliders, its
// axis; blue when it is part of a tree (reduced coordinates), orange when it closes a loop (an
// impulse constraint). Drawn over the bodies so an anchor inside one stays visible and clickable.
// Several selected parts get an outline each.
import * as THREE from 'three';
import type { JointRole } from './build_to_scene';
import type { BuildDoc, Part } from './build_doc';

const TREE = '#2f6fb0', LOOP = '#e07a1f', SELECTED = '#ffd23f';

export class JointMarkers {
  private readonly group = new THREE.Group();
  private readonly outlines = new THREE.Group();

  constructor(scene: THREE.Scene) {
    scene.add(this.group, this.outlines);
  }

  show(doc: BuildDoc | null, roles: Map<number, JointRole>, selected: number[]): void {
    this.clear();
    for (const joint of doc?.joints ?? []) {
      const color = selected.includes(joint.id) ? SELECTED : roles.get(joint.id)?.role === 'loop' ? LOOP : TREE;
      const material = new THREE.MeshBasicMaterial({ color, depthTest: false, transparent: true });
      const dot = new THREE.Mesh(new THREE.SphereGeometry(0.045, 16, 8), material);
      dot.position.set(...joint.anchor);
      dot.renderOrder = 10;
      dot.userData.joint = joint.id;
      this.group.add(dot);
      if (joint.kind === 'hinge' || joint.kind === 'slider') {
        const axis = new THREE.Vector3(...joint.axis).normalize();
        const rod = new THREE.Mesh(new THREE.CylinderGeometry(0.012, 0.012, 0.5, 8), material);
        rod.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), axis);
        rod.position.copy(dot.position);
        rod.renderOrder = 10;
        rod.userData.joint = joint.id;
        this.group.add(rod);
      }
    }
  }

  /** The joint whose marker the ray meets first, or null. */
  pick(raycaster: THREE.Raycaster): number | null {
    const hit = raycaster.intersectObjects(this.group.children, false)[0];
    return hit ? (hit.object.userData.joint as number) : null;
  }

  highlightParts(parts: Part[]): void {
    this.outlines.clear();
    for (const part of parts) {
      const size = Math.max(...part.size) * (part.shape === 'sphere' ? 2 : 1) + 0.05;
      const box = new THREE.Box3().setFromCenterAndSize(new THREE.Vector3(...part.position), new THREE.Vector3(size, size, size));
      this.outlines.add(new THREE.Box3Helper(box, SELECTED));
    }
  }

  clear(): void {
    for (const o of [...this.group.children, ...this.outlines.children]) {
      if (o instanceof THREE.Mesh || o instanceof THREE.LineSegments) {
        o.geometry.dispose();
        (o.material as THREE.Material).dispose();
      }
    }
    this.group.clear();
    this.outlines.clear();
  }
}
