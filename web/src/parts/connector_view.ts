// Draws a scene's springs and strings where their ends are each frame: a spring as a coil of a
// fixed number of turns stretched between its two end points, a string as straight pieces
// through its via points, with a pulley wheel where it turns over them (a slack string, one that
// pulls with nothing, drawn pale). The ends and tensions are the engine's (the library's PART
// view); nothing here is physics. Ropes are bodies of their own, drawn as such by the renderer.
import * as THREE from 'three';
import { PART } from '../../../lib/views';
import type { SceneObject } from '../scene/scene_doc';
import { CoilGeometry } from './coil_geometry';

const TURNS = 12;
const SPRING_COLOR = '#5b6b7a';
const STRING_COLOR = '#2a2f36';
const SLACK_COLOR = '#a9b2bb';
const WHEEL_COLOR = '#8a6d3b';
const SELECTED_COLOR = '#c98f00';
const Z = new THREE.Vector3(0, 0, 1);

type Vec3 = [number, number, number];
interface DrawnSpring {
  coil: THREE.Mesh;
}
interface DrawnString {
  via: THREE.Vector3[];
  pieces: THREE.Mesh[];
}

/** What the view reads each frame: the springs', then the strings', ends and tensions (lib/views.ts). */
export interface PartViews {
  partData(): Float64Array;
}

export class ConnectorView {
  private readonly group = new THREE.Group();
  private springs: DrawnSpring[] = [];
  private strings: DrawnString[] = [];
  private readonly scratch = { p: new THREE.Vector3(), q: new THREE.Vector3(), from: new THREE.Vector3(), turn: new THREE.Quaternion(), scale: new THREE.Vector3() };

  constructor(scene: THREE.Scene) {
    this.group.name = 'connectors';
    scene.add(this.group);
  }

  /** The scene's springs and strings (`size`: the scene's extent, m: what the coils' and strings' thickness scales with). */
  setScene(doc: SceneObject, size: number): void {
    this.clear();
    const thickness = THREE.MathUtils.clamp(size * 0.002, 0.003, 0.02);
    for (const s of (doc.springs ?? []) as Record<string, unknown>[]) {
      const rest = typeof s.restLength === 'number' ? s.restLength : 0.5;
      const radius = THREE.MathUtils.clamp(0.08 * rest, 0.015, THREE.MathUtils.clamp(size * 0.02, 0.03, 0.3));
      const coil = new THREE.Mesh(new CoilGeometry(radius, thickness, TURNS), new THREE.MeshStandardMaterial({ color: SPRING_COLOR, metalness: 0.5, roughness: 0.4 }));
      coil.matrixAutoUpdate = false;
      coil.frustumCulled = false; // its vertices move
      coil.userData = { radius, connector: String(s.name ?? ''), from: new THREE.Vector3(), to: new THREE.Vector3() };
      this.group.add(coil);
      this.springs.push({ coil });
    }
    for (const s of (doc.strings ?? []) as Record<string, unknown>[]) {
      const via = ((s.via ?? []) as Vec3[]).map((v) => new THREE.Vector3(...v));
      const material = new THREE.MeshStandardMaterial({ color: STRING_COLOR, roughness: 0.9 });
      const pieces = Array.from({ length: via.length + 1 }, () => {
        const piece = new THREE.Mesh(new THREE.CylinderGeometry(thickness * 0.7, thickness * 0.7, 1, 6).rotateX(Math.PI / 2).translate(0, 0, 0.5), material);
        piece.matrixAutoUpdate = false;
        piece.userData = { radius: thickness, connector: String(s.name ?? ''), from: new THREE.Vector3(), to: new THREE.Vector3() };
        this.group.add(piece);
        return piece;
      });
      this.addPulleys(via, size);
      this.strings.push({ via, pieces });
    }
  }

  /** Wheels at the via points: one across two via points close together (a pulley's two sides), else a small one at each. */
  private addPulleys(via: THREE.Vector3[], size: number): void {
    const material = new THREE.MeshStandardMaterial({ color: WHEEL_COLOR, metalness: 0.3, roughness: 0.6 });
    const small = THREE.MathUtils.clamp(size * 0.01, 0.02, 0.1);
    for (let k = 0; k < via.length; k++) {
      const next = via[k + 1];
      const pair = next !== undefined && next.distanceTo(via[k]) < 0.6;
      const radius = pair ? next.distanceTo(via[k]) / 2 : small;
      const centre = pair ? via[k].clone().add(next).multiplyScalar(0.5) : via[k].clone().setZ(via[k].z - small);
      // The wheel turns in the vertical plane through the pair (or facing the y axis).
      const across = pair ? next.clone().sub(via[k]).normalize() : new THREE.Vector3(1, 0, 0);
      const normal = new THREE.Vector3().crossVectors(across, Z).normalize();
      const wheel = new THREE.Mesh(new THREE.CylinderGeometry(radius, radius, radius * 0.4, 32).rotateX(Math.PI / 2), material);
      wheel.quaternion.setFromUnitVectors(Z, normal.lengthSq() > 0 ? normal : new THREE.Vector3(0, 1, 0));
      wheel.position.copy(centre);
      const axle = new THREE.Mesh(new THREE.CylinderGeometry(radius * 0.15, radius * 0.15, radius * 0.6, 12).rotateX(Math.PI / 2), material);
      axle.quaternion.copy(wheel.quaternion);
      axle.position.copy(centre);
      this.group.add(wheel, axle);
      if (pair) k++;
    }
  }

  /** Where each spring's and string's ends are now, as the engine has them. */
  update(views: PartViews): void {
    if (this.springs.length + this.strings.length === 0) return;
    const data = views.partData(), { p, q, from } = this.scratch;
    if (data.length < (this.springs.length + this.strings.length) * PART.stride) return; // another scene's, not yet loaded
    const ends = (record: number) => {
      const o = record * PART.stride;
      p.set(data[o + PART.endA], data[o + PART.endA + 1], data[o + PART.endA + 2]);
      q.set(data[o + PART.endB], data[o + PART.endB + 1], data[o + PART.endB + 2]);
      return data[o + PART.tension];
    };
    this.springs.forEach((spring, k) => {
      ends(k);
      this.stretch(spring.coil, p, q);
    });
    this.strings.forEach((s, k) => {
      const tension = ends(this.springs.length + k);
      from.copy(p);
      for (let i = 0; i <= s.via.length; i++) {
        const to = i < s.via.length ? s.via[i] : q;
        this.stretch(s.pieces[i], from, to);
        from.copy(to);
      }
      (s.pieces[0].material as THREE.MeshStandardMaterial).color.set(tension > 0 ? STRING_COLOR : SLACK_COLOR);
    });
  }

  /** Lays a mesh modelled along z from 0 to 1 from `from` to `to`. */
  private stretch(mesh: THREE.Mesh, from: THREE.Vector3, to: THREE.Vector3): void {
    const { turn, scale } = this.scratch;
    const along = scale.subVectors(to, from);
    const length = along.length();
    if (length > 1e-9) turn.setFromUnitVectors(Z, along.divideScalar(length));
    else turn.identity();
    // A coil is stretched by its geometry (its wire keeps its thickness), a string's piece by scaling.
    const geometry = mesh.geometry, coil = geometry instanceof CoilGeometry;
    if (coil) geometry.setLength(length);
    mesh.matrix.compose(from, turn, scale.set(1, 1, coil ? 1 : Math.max(length, 1e-6)));
    mesh.userData.length = length;
    (mesh.userData.from as THREE.Vector3).copy(from);
    (mesh.userData.to as THREE.Vector3).copy(to);
    mesh.matrixWorldNeedsUpdate = true;
  }

  /** The drawn springs and strings the ray meets, nearest first (their scene names). */
  /** The spring or string nearest the ray, within its coil's radius (a string: 3 cm), or null: its scene name. */
  pick(raycaster: THREE.Raycaster): string | null {
    let best: string | null = null, nearest = Infinity;
    const onRay = new THREE.Vector3();
    for (const mesh of [...this.springs.map((s) => s.coil), ...this.strings.flatMap((s) => s.pieces)]) {
      const { from, to, radius, connector } = mesh.userData as { from: THREE.Vector3; to: THREE.Vector3; radius: number; connector: string };
      const reach = Math.max(radius, 0.03);
      if (raycaster.ray.distanceSqToSegment(from, to, onRay) > reach * reach) continue;
      const distance = onRay.distanceTo(raycaster.ray.origin);
      if (distance < nearest) [best, nearest] = [connector, distance];
    }
    return best;
  }

  /** Draws the springs and strings named in `selected` in the selection's colour. */
  highlight(selected: string[]): void {
    for (const mesh of [...this.springs.map((s) => s.coil), ...this.strings.flatMap((s) => s.pieces)]) {
      (mesh.material as THREE.MeshStandardMaterial).emissive.set(selected.includes(mesh.userData.connector as string) ? SELECTED_COLOR : '#000000');
    }
  }

  /** For the browser tests: each spring's drawn ends and coil radius, each string's drawn points. */
  describe(): { springs: { from: Vec3; to: Vec3; radius: number }[]; strings: { points: Vec3[] }[] } {
    const ends = (m: THREE.Mesh) => {
      const from = new THREE.Vector3().setFromMatrixPosition(m.matrix);
      const to = new THREE.Vector3(0, 0, m.geometry instanceof CoilGeometry ? (m.userData.length as number) : 1).applyMatrix4(m.matrix);
      return [from.toArray() as Vec3, to.toArray() as Vec3];
    };
    return {
      springs: this.springs.map((s) => {
        const [from, to] = ends(s.coil);
        return { from, to, radius: s.coil.userData.radius as number };
      }),
      strings: this.strings.map((s) => ({ points: [ends(s.pieces[0])[0], ...s.pieces.map((piece) => ends(piece)[1])] })),
    };
  }

  clear(): void {
    this.group.traverse((o) => {
      if (o instanceof THREE.Mesh) {
        o.geometry.dispose();
        (o.material as THREE.Material).dispose();
      }
    });
    this.group.clear();
    this.springs = [];
    this.strings = [];
  }
}
