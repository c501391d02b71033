// What a press on the canvas means in build mode with the Select tool, in the order things are
// drawn over one another: the velocity knob, the gizmo's handles, a spring or string, a joint's
// marker, then a part (which slides on the floor's plane when dragged). And how a slide follows
// the pointer, snapped to the grid.
import * as THREE from 'three';
import type { Renderer } from '../view/renderer';
import { POSE } from '../../../lib/views';
import type { Selection } from './build_properties';
import type { Hit } from './build_pick';
import { cameraPlane } from './placement';
import { toggled } from './build_edits';

/** Farther than this (CSS px) between press and release, a press is a drag (an orbit), not a click. */
export const CLICK_PIXELS = 5;

export type Press =
  | { kind: 'click'; x: number; y: number; id: number }
  | { kind: 'slide'; x: number; y: number; id: number; plane: THREE.Plane; from: THREE.Vector3; moved: boolean }
  | { kind: 'velocity'; id: number; part: number; plane: THREE.Plane };

/** What can be pressed on, each asked with the pointer's ray. */
export interface PressTargets {
  camera: THREE.Camera;
  velocityKnob(): { part: number; tip: THREE.Vector3 } | null;
  /** The gizmo's handle under the pointer, and whether it points nearly along the view. */
  gizmoHandle(): { alongView: boolean } | null;
  connector(): number | null;
  jointMarker(): number | null;
  hit(): Hit | null;
}

/**
 * A Select-tool press: `gizmo` leaves it to the gizmo; otherwise the selection it makes (if any)
 * and the press it starts. `taken`: neither the view nor the gizmo sees it.
 */
export function selectPress(
  targets: PressTargets,
  selection: Selection,
  event: PointerEvent,
): 'gizmo' | { taken: boolean; select?: Selection; press?: Press } {
  const id = event.pointerId;
  const knob = targets.velocityKnob();
  if (knob) return { taken: true, press: { kind: 'velocity', id, part: knob.part, plane: cameraPlane(targets.camera, knob.tip) } };
  const handle = targets.gizmoHandle();
  // The gizmo's own press, unless it is on an arrow pointing nearly along the view (it would drag
  // in depth) over the selected part itself: then the part slides, as the user meant.
  if (handle && !(handle.alongView && selection.parts.includes(targets.hit()?.part ?? NaN))) return 'gizmo';
  const connector = targets.connector();
  if (connector !== null) return { taken: true, select: { parts: [], joints: [], connectors: [connector] } };
  const joint = targets.jointMarker();
  if (joint !== null) return { taken: true, select: event.shiftKey ? toggled(selection, 'joints', joint) : { parts: [], joints: [joint] } };
  const hit = targets.hit();
  if (hit && hit.part !== null) {
    let select: Selection | undefined;
    if (event.shiftKey) select = toggled(selection, 'parts', hit.part);
    else if (!selection.parts.includes(hit.part)) select = { parts: [hit.part], joints: [] };
    if (!(select ?? selection).parts.includes(hit.part)) return { taken: true, select };
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(new THREE.Vector3(0, 0, 1), hit.point);
    return { taken: true, select, press: { kind: 'slide', id, x: event.clientX, y: event.clientY, plane, from: hit.point, moved: false } };
  }
  return { taken: false, press: { kind: 'click', id, x: event.clientX, y: event.clientY } };
}

/** A slide's move on the floor's plane from where it was pressed to `at`, snapped to `grid` (m) unless null. */
export function slideDelta(from: THREE.Vector3, at: THREE.Vector3, grid: number | null): THREE.Matrix4 {
  const delta = at.clone().sub(from);
  if (grid) delta.set(Math.round(delta.x / grid) * grid, Math.round(delta.y / grid) * grid, 0);
  return new THREE.Matrix4().makeTranslation(delta.x, delta.y, 0);
}

const scratch = { matrix: new THREE.Matrix4(), position: new THREE.Vector3(), rotation: new THREE.Quaternion(), unit: new THREE.Vector3(1, 1, 1) };

/** Draws `bodies` (engine indices) moved by `delta` from their poses (x, y, z, qx, qy, qz, qw each). */
export function drawMoved(renderer: Renderer, poses: Float32Array, bodies: readonly number[], delta: THREE.Matrix4): void {
  const { matrix, position, rotation, unit } = scratch;
  for (const index of bodies) {
    const o = index * POSE.stride;
    position.set(poses[o + POSE.x], poses[o + POSE.y], poses[o + POSE.z]);
    rotation.set(poses[o + POSE.qx], poses[o + POSE.qy], poses[o + POSE.qz], poses[o + POSE.qw]);
    renderer.setBodyMatrix(index, matrix.compose(position, rotation, unit).premultiply(delta));
  }
}
