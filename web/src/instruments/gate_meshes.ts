// Photogates drawn in the view: each a translucent disc with a ring around it and a short arrow
// along its normal (a passage along the arrow is positive). A gate lights up for a moment after
// a passage.
import * as THREE from 'three';
import type { Gate } from '../../../lib/instruments';

const GATE_COLOR = 0x2f9e77;
const LIT_COLOR = 0xf2a516;
/** Simulated seconds a gate stays lit after a passage. */
const LIT_SECONDS = 0.15;

export class GateMeshes {
  private readonly group = new THREE.Group();
  private drawn: { object: THREE.Group; materials: THREE.MeshBasicMaterial[] }[] = [];

  constructor(scene: THREE.Scene) {
    this.group.name = 'photogates';
    scene.add(this.group);
  }

  /** Draws these gates (replacing the ones drawn). */
  show(gates: readonly Gate[]): void {
    this.clear();
    for (const gate of gates) {
      const object = new THREE.Group();
      const disc = new THREE.MeshBasicMaterial({ color: GATE_COLOR, transparent: true, opacity: 0.18, side: THREE.DoubleSide, depthWrite: false });
      const ring = new THREE.MeshBasicMaterial({ color: GATE_COLOR });
      object.add(new THREE.Mesh(new THREE.CircleGeometry(gate.radius, 48), disc));
      object.add(new THREE.Mesh(new THREE.TorusGeometry(gate.radius, Math.max(0.004, gate.radius * 0.03), 8, 64), ring));
      const arrow = new THREE.ArrowHelper(new THREE.Vector3(0, 0, 1), new THREE.Vector3(), gate.radius * 0.8, GATE_COLOR, gate.radius * 0.25, gate.radius * 0.15);
      object.add(arrow);
      const normal = new THREE.Vector3(...gate.normal).normalize();
      object.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), normal);
      object.position.set(...gate.point);
      object.traverse((o) => (o.userData.pickable = false));
      this.group.add(object);
      this.drawn.push({ object, materials: [disc, ring] });
    }
  }

  /** Lights the gates passed within the last moment before `now` (`lastPassage`: each gate's last passage time, or null). */
  light(lastPassage: readonly (number | null)[], now: number): void {
    this.drawn.forEach(({ materials }, i) => {
      const last = lastPassage[i];
      const lit = last !== null && last !== undefined && now - last >= 0 && now - last < LIT_SECONDS;
      for (const m of materials) m.color.setHex(lit ? LIT_COLOR : GATE_COLOR);
    });
  }

  private clear(): void {
    for (const { object } of this.drawn) {
      object.traverse((o) => {
        if (o instanceof THREE.Mesh || o instanceof THREE.Line) {
          o.geometry.dispose();
          (Array.isArray(o.material) ? o.material : [o.material]).forEach((m: THREE.Material) => m.dispose());
        }
      });
      this.group.remove(object);
    }
    this.drawn = [];
  }
}
