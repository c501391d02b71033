// The builder's numbers between three.js and scene form: quaternions as scenes write them
// ([w, x, y, z]) and tidy values (a few significant digits dropped, no "-0"), so what is typed,
// clicked or read back lands in the scene as a short, stable number.
import * as THREE from 'three';
import type { Quat, Vec3 } from './build_doc';

export function tidy(x: number, digits = 12): number {
  return Number(x.toPrecision(digits)) + 0;
}

export function vec3Of(v: THREE.Vector3, digits = 12): Vec3 {
  return [tidy(v.x, digits), tidy(v.y, digits), tidy(v.z, digits)];
}

export function quatOf(q: THREE.Quaternion, digits = 12): Quat {
  return [tidy(q.w, digits), tidy(q.x, digits), tidy(q.y, digits), tidy(q.z, digits)];
}

export function toVector(v: Vec3): THREE.Vector3 {
  return new THREE.Vector3(...v);
}

export function toQuaternion(q: Quat): THREE.Quaternion {
  return new THREE.Quaternion(q[1], q[2], q[3], q[0]).normalize();
}
