// A world's state as MuJoCo's qpos and qvel, and back, for the model the MJCF export writes (and
// the MJCF file a scene was imported from): joints in MuJoCo's order, depth first over the bodies;
// a ball joint's quaternion w, x, y, z and angular velocity in the child frame are the same in
// both; a free joint's qpos is the body's pose in the world (Featherweight's q is in its joint
// frame), its qvel the linear velocity in the world then the angular in the body frame
// (Featherweight's q̇: angular, then linear, both in the body frame).
import { numbers, options } from './arguments';
import { conjugate, multiply, rotate } from './quaternion';
import type { JointDescription, ModelState } from './types';
import type { World } from './world';

export interface MujocoState {
  qpos: Float64Array;
  qvel: Float64Array;
}

/** The joints with coordinates, in MuJoCo's order: depth first over the body tree, children in body order. */
function mujocoOrder(world: World): JointDescription[] {
  const children = new Map<number, JointDescription[]>();
  for (const joint of world.joints) children.set(joint.parentBody, [...(children.get(joint.parentBody) ?? []), joint]);
  const order: JointDescription[] = [];
  const stack = [...(children.get(-1) ?? [])].reverse();
  for (let joint = stack.pop(); joint; joint = stack.pop()) {
    if (joint.nv > 0) order.push(joint);
    stack.push(...[...(children.get(joint.index) ?? [])].reverse());
  }
  return order;
}

/**
 * MuJoCo's qpos and qvel of the world's state now (or of `at`: { q, qd }, either left out
 * meaning the world's own), for the MJCF model the export writes.
 */
export function toMujocoState(world: World, at?: ModelState): MujocoState {
  const state = options<ModelState>(at, 'toMujocoState: the state', ['q', 'qd']);
  const q = state.q === undefined ? world.q.slice() : Float64Array.from(numbers(state.q, "toMujocoState: the state's q", world.nq, 'nq'));
  const qd = state.qd === undefined ? world.qd.slice() : Float64Array.from(numbers(state.qd, "toMujocoState: the state's qd", world.nv, 'nv'));
  const qpos = new Float64Array(world.nq), qvel = new Float64Array(world.nv);
  let iq = 0, iv = 0;
  for (const j of mujocoOrder(world)) {
    if (j.type === 'free') {
      const pose = world.bodyPose(j.index, { q, qd });
      const angular = qd.subarray(j.vIndex, j.vIndex + 3), linear = qd.subarray(j.vIndex + 3, j.vIndex + 6);
      qpos.set([...pose.position, ...pose.quaternion], iq);
      qvel.set([...rotate(pose.quaternion, linear), ...angular], iv);
    } else {
      qpos.set(q.subarray(j.qIndex, j.qIndex + j.nq), iq);
      qvel.set(qd.subarray(j.vIndex, j.vIndex + j.nv), iv);
    }
    iq += j.nq;
    iv += j.nv;
  }
  return { qpos, qvel };
}

/**
 * The world's { q, qd } for MuJoCo's qpos and qvel (of the model the export writes); the world
 * is not changed: `world.q.set(q)` and `world.qd.set(qd)` to take them.
 */
export function fromMujocoState(world: World, given: MujocoState | { qpos: ArrayLike<number>; qvel: ArrayLike<number> }): { q: Float64Array; qd: Float64Array } {
  const { qpos: qposGiven, qvel: qvelGiven } = options<{ qpos: ArrayLike<number>; qvel: ArrayLike<number> }>(given, 'fromMujocoState: the state', ['qpos', 'qvel']);
  const qpos = Float64Array.from(numbers(qposGiven, 'fromMujocoState: qpos', world.nq, 'nq'));
  const qvel = Float64Array.from(numbers(qvelGiven, 'fromMujocoState: qvel', world.nv, 'nv'));
  const q = world.q.slice(), qd = world.qd.slice();
  let iq = 0, iv = 0;
  for (const j of mujocoOrder(world)) {
    if (j.type === 'free') {
      // The joint frame (the free joint's origin) from the body's pose now: pose = origin ∘ local.
      const pose = world.bodyPose(j.index), localQuat = q.subarray(j.qIndex + 3, j.qIndex + 7);
      const originQuat = multiply(pose.quaternion, conjugate(localQuat));
      const localPos = rotate(originQuat, q.subarray(j.qIndex, j.qIndex + 3));
      const originPos = pose.position.map((p, k) => p - localPos[k]);
      const position = qpos.subarray(iq, iq + 3), given = qpos.subarray(iq + 3, iq + 7), n = Math.hypot(...given);
      const quaternion = Array.from(given, (x) => x / n);
      const back = conjugate(originQuat);
      q.set([...rotate(back, position.map((p, k) => p - originPos[k])), ...multiply(back, quaternion)], j.qIndex);
      qd.set([...qvel.subarray(iv + 3, iv + 6), ...rotate(conjugate(quaternion), qvel.subarray(iv, iv + 3))], j.vIndex);
    } else {
      q.set(qpos.subarray(iq, iq + j.nq), j.qIndex);
      qd.set(qvel.subarray(iv, iv + j.nv), j.vIndex);
    }
    iq += j.nq;
    iv += j.nv;
  }
  return { q, qd };
}
