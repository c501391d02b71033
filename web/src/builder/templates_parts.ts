// Templates of textbook setups made of springs and strings (build_parts.ts), each with a closed
// form its motion follows (tests/web/templates_closed_forms.test.ts checks them): a point bob on a
// string, T = 2π√(L/g); a mass on a spring, f = √(k/m)/2π; coupled pendula, ω₁ = √(g/L) and
// ω₂ = √(g/L + 2k/m); an Atwood machine, a = (m₁ − m₂)g/(m₁ + m₂); a chain of N masses and
// springs hung from the top, ω₁ = 2√(k/m)·sin(π/(2(2N+1))). Swinging ones swing about `axis`.
import * as THREE from 'three';
import { newPart, volumeOf, WORLD, withJoint, withParts, type BuildDoc, type NewConnector, type Part, type Vec3 } from './build_doc';
import { newConnector, withConnector } from './build_parts';
import { tidy, vec3Of } from '../math/math3d';
import type { Template } from './template';
import { t } from '../i18n/i18n';

const DEGREE = Math.PI / 180;
const G = 9.81;
type NewPart = Omit<Part, 'id' | 'name'>;

/** Sizes of the templates' bobs and springs: each one's closed form names them. */
export const PARTS_TEMPLATE_CONSTANTS = {
  pendulumLength: 1, bobMass: 1, bobRadius: 0.05,
  springStiffness: 100, springRest: 0.5, springMass: 1,
  coupledStiffness: 5, coupledSpacing: 0.5,
  atwoodLight: 1, pulleyRadius: 0.1,
  chainStiffness: 50, chainMass: 0.5, chainRest: 0.3, chainBobRadius: 0.04,
};
const C = PARTS_TEMPLATE_CONSTANTS;

/** A ball of mass `mass` (kg) and radius `radius` centred at `at`. */
function ball(doc: BuildDoc, at: THREE.Vector3, mass: number, radius: number, color = '#d9482b'): NewPart {
  const p = newPart(doc, 'sphere', vec3Of(at, 10));
  return { ...p, size: [radius], density: tidy(mass / volumeOf({ shape: 'sphere', size: [radius] }), 10), color };
}

function block(doc: BuildDoc, at: THREE.Vector3, mass: number, side: number, color = '#c9874b'): NewPart {
  const p = newPart(doc, 'box', vec3Of(at, 10));
  return { ...p, size: [side, side, side], density: tidy(mass / side ** 3, 10), color };
}

type Ends = Parameters<typeof newConnector>[2];

/** A spring between `ends` of rest length `rest` (m) and stiffness `k` (N/m). */
function spring(doc: BuildDoc, ends: Ends, rest: number, k: number): NewConnector {
  const made = newConnector(doc, 'spring', ends);
  return made.kind === 'spring' ? { ...made, restLength: rest, stiffness: k } : made;
}

/** The doc with `connectors` added in order. */
function joined(doc: BuildDoc, connectors: ((d: BuildDoc) => NewConnector)[]): BuildDoc {
  return connectors.reduce((d, make) => withConnector(d, make(d)).doc, doc);
}

/** The direction of a hanging string turned by `angle` about `axis`. */
function hangingDirection(axis: Vec3, angle: number): THREE.Vector3 {
  const turn = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...axis).normalize(), angle);
  return new THREE.Vector3(0, 0, -1).applyQuaternion(turn);
}

/** Horizontal, across the view: the swing plane's horizontal direction. */
function acrossOf(axis: Vec3): THREE.Vector3 {
  return new THREE.Vector3(0, 0, 1).cross(new THREE.Vector3(...axis).normalize()).normalize();
}

/** A bob on a string from `pivot`, its centre `length` away, turned by `angle`; returns the doc and the bob's id. */
function stringPendulum(doc: BuildDoc, pivot: THREE.Vector3, axis: Vec3, angle: number, length: number): { doc: BuildDoc; bob: number } {
  const centre = pivot.clone().addScaledVector(hangingDirection(axis, angle), length);
  const added = withParts(doc, [ball(doc, centre, C.bobMass, C.bobRadius)]);
  const bob = added.ids[0];
  // Tied at the bob's centre: the string pulls through it, so the ball does not turn (a point bob).
  const next = withConnector(added.doc, newConnector(added.doc, 'string', { a: WORLD, b: bob, pointA: vec3Of(pivot, 10), pointB: vec3Of(centre, 10) })).doc;
  return { doc: next, bob };
}

/** A vertical spring from `top` holding a ball, at rest in equilibrium, pulled down by `pull`. */
function hangingSpring(doc: BuildDoc, top: THREE.Vector3, pull: number): BuildDoc {
  const stretch = (C.springMass * G) / C.springStiffness;
  const tie = top.clone().setZ(top.z - C.springRest - stretch - pull); // the ball's top
  const added = withParts(doc, [ball(doc, tie.clone().setZ(tie.z - 0.08), C.springMass, 0.08, '#2f6fb0')]);
  return joined(added.doc, [(d) => spring(d, { a: WORLD, b: added.ids[0], pointA: vec3Of(top, 10), pointB: vec3Of(tie, 10) }, C.springRest, C.springStiffness)]);
}

/** A block on a frictionless rail along `across`, a spring to a wall, pulled out by `pull`. */
function railSpring(doc: BuildDoc, at: Vec3, axis: Vec3, pull: number): BuildDoc {
  const across = acrossOf(axis);
  const side = 0.2, height = 0.5;
  const wall = new THREE.Vector3(at[0], at[1], height).addScaledVector(across, -0.6);
  const face = wall.clone().addScaledVector(across, C.springRest + pull);
  const centre = face.clone().addScaledVector(across, side / 2);
  const wallPart = { ...newPart(doc, 'box', vec3Of(wall.clone().addScaledVector(across, -0.05).setZ(height), 10)), size: [0.1, 0.6, 1], static: true, color: '#8a8f98' };
  const turned = new THREE.Quaternion().setFromUnitVectors(new THREE.Vector3(1, 0, 0), across);
  const added = withParts(doc, [{ ...wallPart, quaternion: [turned.w, turned.x, turned.y, turned.z].map((x) => tidy(x, 10)) as Part['quaternion'] }, block(doc, centre, C.springMass, side)]);
  const blockId = added.ids[1];
  const railed = withJoint(added.doc, { kind: 'slider', a: blockId, b: WORLD, anchor: vec3Of(centre, 10), axis: vec3Of(across, 10) }).doc;
  return joined(railed, [(d) => spring(d, { a: WORLD, b: blockId, pointA: vec3Of(wall, 10), pointB: vec3Of(face, 10) }, C.springRest, C.springStiffness)]);
}

export const PARTS_TEMPLATES: Template[] = [
  {
    id: 'string-pendulum',
    get label() {
      return t('buildparts.tplStringPendulum');
    },
    parameter: { get label() { return t('buildparts.tplStringPendulumParameter'); }, value: 10, min: -80, max: 80, step: 1 },
    // A 1 kg bob 1 m below the pivot: T = 2π√(L/g) at small angles.
    add: (doc, angle, at, axis) => stringPendulum(doc, new THREE.Vector3(at[0], at[1], 2), axis, angle * DEGREE, C.pendulumLength).doc,
  },
  {
    id: 'spring-vertical',
    get label() {
      return t('buildparts.tplSpringVertical');
    },
    parameter: { get label() { return t('buildparts.tplSpringVerticalParameter'); }, value: 0.1, min: 0, max: 0.4, step: 0.01 },
    add: (doc, pull, at) => hangingSpring(doc, new THREE.Vector3(at[0], at[1], 2), pull),
  },
  {
    id: 'spring-horizontal',
    get label() {
      return t('buildparts.tplSpringHorizontal');
    },
    parameter: { get label() { return t('buildparts.tplSpringHorizontalParameter'); }, value: 0.1, min: -0.3, max: 0.4, step: 0.01 },
    add: (doc, pull, at, axis) => railSpring(doc, at, axis, pull),
  },
  {
    id: 'coupled-pendula',
    get label() {
      return t('buildparts.tplCoupled');
    },
    parameter: { get label() { return t('buildparts.tplCoupledParameter'); }, value: 5, min: -20, max: 20, step: 1 },
    add: (doc, angle, at, axis) => {
      const across = acrossOf(axis);
      const pivots = [-1, 1].map((s) => new THREE.Vector3(at[0], at[1], 2).addScaledVector(across, (s * C.coupledSpacing) / 2));
      // A positive angle swings the first one away from the second (the spring stretched).
      const first = stringPendulum(doc, pivots[0], axis, -angle * DEGREE, C.pendulumLength);
      const second = stringPendulum(first.doc, pivots[1], axis, 0, C.pendulumLength);
      const centre = (id: number) => second.doc.parts.find((p) => p.id === id)!.position;
      // The spring joins the bobs' centres; at rest as long as the pivots are apart.
      return joined(second.doc, [(d) => spring(d, { a: first.bob, b: second.bob, pointA: centre(first.bob), pointB: centre(second.bob) }, C.coupledSpacing, C.coupledStiffness)]);
    },
  },
  {
    id: 'atwood',
    get label() {
      return t('buildparts.tplAtwood');
    },
    parameter: { get label() { return t('buildparts.tplAtwoodParameter'); }, value: 2, min: 1, max: 10, step: 0.1 },
    add: (doc, heavy, at, axis) => {
      const across = acrossOf(axis), r = C.pulleyRadius, side = 0.15;
      const top = new THREE.Vector3(at[0], at[1], 2.5);
      const via = [-1, 1].map((s) => top.clone().addScaledVector(across, s * r));
      // The blocks' tops 1.3 m below the pulley: the heavy one lands before the light one reaches it.
      const hang = (k: number) => via[k].clone().setZ(1.2);
      const added = withParts(doc, [
        block(doc, hang(0).clone().setZ(1.2 - side / 2), heavy, side, '#d9482b'),
        block(doc, hang(1).clone().setZ(1.2 - side / 2), C.atwoodLight, side, '#2f6fb0'),
      ]);
      const [a, b] = added.ids;
      return joined(added.doc, [(d) => newConnector(d, 'string', { a, b, pointA: vec3Of(hang(0), 10), pointB: vec3Of(hang(1), 10), via: via.map((v) => vec3Of(v, 10)) })]);
    },
  },
  {
    id: 'spring-chain',
    get label() {
      return t('buildparts.tplChain');
    },
    parameter: { get label() { return t('buildparts.tplChainParameter'); }, value: 3, min: 1, max: 10, step: 1 },
    // Hung in equilibrium (spring j carries the N − j + 1 masses below it), the lowest one pulled down 5 cm.
    add: (doc, count, at) => {
      const n = Math.round(count), r = C.chainBobRadius;
      let z = 0.5 + n * (C.chainRest + 2 * r) + (n * (n + 1) * C.chainMass * G) / (2 * C.chainStiffness);
      const top = new THREE.Vector3(at[0], at[1], z);
      const ties: [THREE.Vector3, THREE.Vector3][] = [];
      const parts: NewPart[] = [];
      for (let j = 1; j <= n; j++) {
        const upper = j === 1 ? top.clone() : new THREE.Vector3(at[0], at[1], z);
        z -= C.chainRest + ((n - j + 1) * C.chainMass * G) / C.chainStiffness + (j === n ? 0.05 : 0);
        ties.push([upper, new THREE.Vector3(at[0], at[1], z)]);
        parts.push(ball(doc, new THREE.Vector3(at[0], at[1], z - r), C.chainMass, r, '#4a9a6a'));
        z -= 2 * r;
      }
      const added = withParts(doc, parts);
      return joined(added.doc, ties.map(([upper, lower], k) => (d: BuildDoc) =>
        spring(d, { a: k === 0 ? WORLD : added.ids[k - 1], b: added.ids[k], pointA: vec3Of(upper, 10), pointB: vec3Of(lower, 10) }, C.chainRest, C.chainStiffness)));
    },
  },
];
