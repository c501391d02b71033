// The spring, string and rope tools of build mode: a click sets end A (on a part, or on the world:
// the ground, a static part or empty space), the next one end B, and the connector is made
// between them, as long as the ends are apart. Ends snap to a part's natural points (a ball's
// centre always: a bob on a string is tied through its centre, so the string cannot turn it).
import * as THREE from 'three';
import { partById, WORLD, type BuildDoc, type Vec3 } from './build_doc';
import { newConnector, withConnector } from './build_parts';
import type { ConnectorKind } from './build_doc';
import type { Hit } from './build_pick';
import { cameraPlane, rounded, snapAnchor } from './placement';
import { t } from '../i18n/i18n';

const SNAP = 0.1; // m

export type ConnectTool = { kind: 'connect'; connector: ConnectorKind };
/** End A picked: the part (or WORLD) and the point, world. */
export type ConnectPick = { a?: number; pointA?: Vec3 };

export type ConnectClick =
  | { kind: 'say'; text: string }
  | { kind: 'pick'; pick: ConnectPick }
  | { kind: 'edit'; doc: BuildDoc; connector: number };

/** Where a click in empty space is: on the plane through the view's target, facing the camera; and whether the ray is level. */
export function inView(ray: THREE.Ray, camera: THREE.Camera, target: THREE.Vector3): { point: THREE.Vector3 | null; level: boolean } {
  return { point: ray.intersectPlane(cameraPlane(camera, target), new THREE.Vector3()), level: Math.abs(ray.direction.z) < 1e-6 };
}

/**
 * A click with a connector tool: `hit` is what is under the pointer, `air` the point in the view's
 * plane under it (for an end on the world in empty space).
 */
export function connectClick(doc: BuildDoc, tool: ConnectTool, pick: ConnectPick, hit: Hit | null, air: { point: THREE.Vector3 | null; level: boolean }): ConnectClick {
  // A level ray (a front or side view) sees the ground edge-on: a click off the bodies means the point in the view.
  const end = endAt(doc, air.level && hit?.part === null ? null : hit, air.point);
  if (!end) return { kind: 'say', text: t('buildparts.clickSomewhere') };
  if (pick.a === undefined || !pick.pointA) return { kind: 'pick', pick: { a: end.part, pointA: end.point } };
  if (end.part === pick.a && end.part !== WORLD) return { kind: 'say', text: t('buildparts.otherEnd') };
  if (end.part === WORLD && pick.a === WORLD) return { kind: 'say', text: t('buildparts.bothWorld') };
  const span = new THREE.Vector3(...end.point).distanceTo(new THREE.Vector3(...pick.pointA));
  if (span < 1e-3) return { kind: 'say', text: t('buildparts.apart') };
  const made = withConnector(doc, newConnector(doc, tool.connector, { a: pick.a, b: end.part, pointA: pick.pointA, pointB: end.point }));
  return { kind: 'edit', doc: made.doc, connector: made.id };
}

/** An end where the pointer is: on a movable part (snapped), else on the world. */
function endAt(doc: BuildDoc, hit: Hit | null, air: THREE.Vector3 | null): { part: number; point: Vec3 } | null {
  const part = hit && hit.part !== null ? partById(doc, hit.part) : undefined;
  if (part && !part.static) {
    const point = part.shape === 'sphere' ? new THREE.Vector3(...part.position) : snapAnchor(hit!.point, [part], SNAP);
    return { part: part.id, point: rounded(point) };
  }
  const point = hit ? hit.point : air;
  return point ? { part: WORLD, point: rounded(point) } : null;
}

/** What the bar says while a connector tool is on. */
export function connectHint(tool: ConnectTool, pick: ConnectPick): string {
  const what = t(`buildparts.${tool.connector}`);
  return pick.a === undefined ? t('buildparts.hintA', { what }) : t('buildparts.hintB', { what });
}
