// Where things go when clicked: a new part rests on the surface it was dropped on (its local z
// along the surface's normal, its underside touching), and a joint's anchor snaps to a part's
// natural points (centre, face centres, a capsule's cap centres) when a click lands near one.
import * as THREE from 'three';
import { halfHeight, type Part, type PartShape, type Quat, type Vec3 } from './build_doc';
import { quatOf, tidy, toQuaternion, toVector } from '../math/math3d';

const UP = new THREE.Vector3(0, 0, 1);

/** The pose of a part of `shape`/`size` resting on a surface at `point` with outward `normal`. */
export function restingPose(part: Pick<Part, 'shape' | 'size'>, point: THREE.Vector3, normal: THREE.Vector3): { position: Vec3; quaternion: Quat } {
  const n = normal.clone().normalize();
  // Within 1° of level counts as level: a box dropped on the floor stands square.
  const q = n.dot(UP) > Math.cos(Math.PI / 180) ? new THREE.Quaternion() : new THREE.Quaternion().setFromUnitVectors(UP, n);
  const p = point.clone().addScaledVector(n, halfHeight(part));
  return { position: rounded(p), quaternion: quatOf(q) };
}

/** Millimetre-rounded coordinates: what a click can mean, and tidy numbers in the scene. */
export function rounded(v: THREE.Vector3): Vec3 {
  return [tidy(Math.round(v.x * 1000) / 1000), tidy(Math.round(v.y * 1000) / 1000), tidy(Math.round(v.z * 1000) / 1000)];
}

/** A part's natural anchor points, in the world. */
export function anchorPoints(part: Part): THREE.Vector3[] {
  const [a, b = 0, c = 0] = part.size;
  const local: [number, number, number][] = [[0, 0, 0]];
  const along = (x: number, y: number, z: number) => local.push([x, y, z], [-x, -y, -z]);
  if (part.shape === 'capsule' || part.shape === 'cylinder') along(0, 0, b / 2);
  if (part.shape === 'capsule') along(0, 0, b / 2 + a);
  if (part.shape === 'sphere') for (const [x, y, z] of [[a, 0, 0], [0, a, 0], [0, 0, a]]) along(x, y, z);
  if (isBoxLike(part.shape)) for (const [x, y, z] of [[a / 2, 0, 0], [0, b / 2, 0], [0, 0, c / 2]]) along(x, y, z);
  const q = toQuaternion(part.quaternion);
  const p = toVector(part.position);
  return local.map((l) => new THREE.Vector3(...l).applyQuaternion(q).add(p));
}

function isBoxLike(shape: PartShape): boolean {
  return shape === 'box' || shape === 'slab' || shape === 'wedge';
}

/** `point`, or the nearest natural point of one of `parts` if it is within `radius`. */
export function snapAnchor(point: THREE.Vector3, parts: Part[], radius: number): THREE.Vector3 {
  let best = point.clone(), bestDistance = radius;
  for (const part of parts) {
    for (const candidate of anchorPoints(part)) {
      const d = candidate.distanceTo(point);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  return best;
}

/** The world axis nearest to the direction the camera looks along: a hinge's default axis. */
export function depthAxis(camera: THREE.Camera): Vec3 {
  const d = camera.getWorldDirection(new THREE.Vector3());
  const k = [Math.abs(d.x), Math.abs(d.y), Math.abs(d.z)];
  const i = k.indexOf(Math.max(...k));
  return [0, 1, 2].map((j) => (j === i ? 1 : 0)) as Vec3;
}

/** Normals within 10° of a world axis are that axis: a click near a capsule's top stacks straight. */
export function snapNormal(n: THREE.Vector3): THREE.Vector3 {
  for (const axis of [[0, 0, 1], [0, 0, -1], [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]] as const) {
    const a = new THREE.Vector3(...axis);
    if (n.dot(a) > Math.cos(THREE.MathUtils.degToRad(10))) return a;
  }
  return n;
}

export function cameraPlane(camera: THREE.Camera, through: THREE.Vector3): THREE.Plane {
  return new THREE.Plane().setFromNormalAndCoplanarPoint(camera.getWorldDirection(new THREE.Vector3()), through);
}

/** The parts' centres' bounds (enough to place the gizmo and to find free room). */
export function boundsOf(parts: Part[]): { centre: Vec3; size: Vec3; max: Vec3 } {
  const box = new THREE.Box3();
  for (const p of parts) box.expandByPoint(new THREE.Vector3(...p.position));
  const centre = box.getCenter(new THREE.Vector3()), size = box.getSize(new THREE.Vector3());
  const reach = Math.max(...parts.map((p) => Math.max(...p.size)));
  return { centre: [centre.x, centre.y, centre.z], size: [size.x + reach, size.y + reach, size.z + reach], max: [box.max.x + reach, box.max.y + reach, box.max.z + reach] };
}
