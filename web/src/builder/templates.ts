// Ready-made setups for the builder's Templates dialog, each from one number: they add parts and
// joints to a doc like any other edit (so undo takes a whole template back at once). Swinging
// templates swing about `axis` (the view's depth axis), at `at` on the ground.
import * as THREE from 'three';
import { newPart, WORLD, withJoint, withParts, type BuildDoc, type Part, type Vec3 } from './build_doc';
import { quatOf as q, tidy, vec3Of as v } from '../math/math3d';
import { PARTS_TEMPLATES } from './templates_parts';
import type { Template } from './template';

const DEGREE = Math.PI / 180;
type NewPart = Omit<Part, 'id' | 'name'>;

function part(doc: BuildDoc, shape: Part['shape'], size: number[], position: THREE.Vector3, rotation = new THREE.Quaternion(), extra: Partial<Part> = {}): NewPart {
  const p = newPart(doc, shape, v(position), q(rotation));
  return { ...p, size, static: false, ...extra };
}

/** Rods hanging from `pivot`, turned by `angle` about `axis`, joined end to end (a chain of `lengths`). */
function hangingChain(doc: BuildDoc, pivot: THREE.Vector3, axis: Vec3, angle: number, lengths: number[], radius: number): BuildDoc {
  const turn = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), angle);
  const down = new THREE.Vector3(0, 0, -1).applyQuaternion(turn);
  let top = pivot.clone();
  const parts: NewPart[] = [], anchors: THREE.Vector3[] = [];
  for (const length of lengths) {
    anchors.push(top.clone());
    parts.push(part(doc, 'capsule', [radius, length], top.clone().addScaledVector(down, length / 2), turn, { density: 500 }));
    top = top.clone().addScaledVector(down, length);
  }
  const added = withParts(doc, parts);
  let next = added.doc;
  added.ids.forEach((id, k) => {
    next = withJoint(next, { kind: 'hinge', a: id, b: k === 0 ? WORLD : added.ids[k - 1], anchor: v(anchors[k]), axis }).doc;
  });
  return next;
}

/**
 * A ball hanging `length` below `pivot` (to its centre) on a thin rod you can see, turned by
 * `angle` about `axis`: the rod hinged to the world at the top, the ball fixed to its end. The
 * rod's mass is a few hundredths of the ball's: a bob on a string, as in a textbook.
 */
function bobOnRod(doc: BuildDoc, pivot: THREE.Vector3, axis: Vec3, angle: number, length: number, ball: Partial<Part> & { size: [number] }): BuildDoc {
  const a = new THREE.Vector3(...axis).normalize();
  const turn = new THREE.Quaternion().setFromAxisAngle(a, angle);
  const down = new THREE.Vector3(0, 0, -1).applyQuaternion(turn);
  const rodLength = length - ball.size[0];
  const added = withParts(doc, [
    part(doc, 'capsule', [0.004, rodLength], pivot.clone().addScaledVector(down, rodLength / 2), turn, { density: 1000, color: '#39424b' }),
    part(doc, 'sphere', ball.size, pivot.clone().addScaledVector(down, length), turn, ball),
  ]);
  const [rod, bob] = added.ids;
  const next = withJoint(added.doc, { kind: 'hinge', a: rod, b: WORLD, anchor: v(pivot), axis: v(a) }).doc;
  return withJoint(next, { kind: 'fixed', a: bob, b: rod, anchor: v(pivot.clone().addScaledVector(down, rodLength)), axis: v(a) }).doc;
}

export const TEMPLATES: Template[] = [
  {
    id: 'pendulum',
    label: 'Pendulum',
    parameter: { label: 'start angle (°)', value: 45, min: -180, max: 180, step: 5 },
    // A 1 kg ball (r = 0.1 m) 1 m below the pivot, on a 0.05 kg rod.
    add: (doc, angle, at, axis) => bobOnRod(doc, new THREE.Vector3(at[0], at[1], 2), axis, angle * DEGREE, 1, { size: [0.1], density: 240, color: '#d9482b' }),
  },
  {
    id: 'chain',
    label: 'Chain of N',
    parameter: { label: 'links', value: 5, min: 2, max: 30, step: 1 },
    add: (doc, n, at, axis) => hangingChain(doc, new THREE.Vector3(at[0], at[1], 0.3 * n + 0.5), axis, 60 * DEGREE, Array(Math.round(n)).fill(0.3), 0.03),
  },
  {
    id: 'stack',
    label: 'Stack of N',
    parameter: { label: 'boxes', value: 5, min: 1, max: 30, step: 1 },
    add: (doc, n, at) =>
      withParts(doc, Array.from({ length: Math.round(n) }, (_, k) => part(doc, 'box', [0.4, 0.4, 0.4], new THREE.Vector3(at[0], at[1], 0.2 + 0.4 * k)))).doc,
  },
  {
    id: 'pyramid',
    label: 'Pyramid of N rows',
    parameter: { label: 'rows', value: 5, min: 1, max: 20, step: 1 },
    add: (doc, rows, at) => {
      const parts: NewPart[] = [];
      const n = Math.round(rows);
      for (let row = 0; row < n; row++) {
        for (let k = 0; k < n - row; k++) {
          const x = at[0] + (k - (n - row - 1) / 2) * 0.42;
          parts.push(part(doc, 'box', [0.4, 0.4, 0.4], new THREE.Vector3(x, at[1], 0.2 + 0.4 * row)));
        }
      }
      return withParts(doc, parts).doc;
    },
  },
  {
    id: 'ramp',
    label: 'Ramp',
    parameter: { label: 'angle (°)', value: 25, min: 5, max: 60, step: 1 },
    add: (doc, angle, at) => {
      const length = 2, height = length * Math.tan(angle * DEGREE);
      return withParts(doc, [part(doc, 'wedge', [length, 1, tidy(height)], new THREE.Vector3(at[0], at[1], height / 2), undefined, { static: true })]).doc;
    },
  },
  {
    id: 'cradle',
    label: "Newton's cradle of N",
    parameter: { label: 'balls', value: 5, min: 2, max: 12, step: 1 },
    note: "Newton's cradle: the world now steps with RK4 (accurate stepping), which takes the impacts one after another as the balls do; realtime stepping solves them all at once and spreads the momentum over the row.",
    add: (doc, n, at, axis) => {
      const count = Math.round(n), r = 0.1, height = 1.6;
      const a = new THREE.Vector3(...axis).normalize();
      const across = new THREE.Vector3(0, 0, 1).cross(a).normalize(); // the row runs in the swing plane
      let next = doc;
      for (let k = 0; k < count; k++) {
        const pivot = new THREE.Vector3(...at).addScaledVector(across, (k - (count - 1) / 2) * (2 * r + 0.001));
        pivot.z = height;
        // Steel balls (33 kg) on 1 m strings; the first drawn back 30°.
        next = bobOnRod(next, pivot, axis, k === 0 ? -30 * DEGREE : 0, 1, { size: [r], restitution: 1, friction: 0, density: 7800, color: '#9aa4ad' });
      }
      return { ...next, world: { ...next.world, integrator: 'rk4' } };
    },
  },
  ...PARTS_TEMPLATES,
];
