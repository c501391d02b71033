// Build mode's edits as plain functions of the BuildDoc (each returns the next doc; build_mode.ts
// commits it), and the hint its bar shows.
import * as THREE from 'three';
import type { BuildTool } from './build_bar';
import { partById, withJoint, withParts, WORLD, type BuildDoc, type Part, type Vec3 } from './build_doc';
import { toQuaternion } from '../math/math3d';
import type { Selection } from './build_properties';
import { boundsOf, rounded } from './placement';
import { connectorsMoved, withoutConnectors } from './build_parts';
import { t } from '../i18n/i18n';

/** The parts `ids` copied beside the originals (`gap` m apart), with the joints among them. */
export function duplicated(doc: BuildDoc, ids: number[], gap: number): { doc: BuildDoc; ids: number[] } {
  const originals = ids.map((id) => partById(doc, id)!).filter(Boolean);
  const shift = new THREE.Vector3(...boundsOf(originals).size).x + gap;
  const copies = originals.map((p) => ({ ...p, position: [p.position[0] + shift, p.position[1], p.position[2]] as Vec3 }));
  const added = withParts(doc, copies);
  // Joints among the copied parts are copied too.
  let next = added.doc;
  const copyOf = new Map(originals.map((p, k) => [p.id, added.ids[k]]));
  for (const j of doc.joints) {
    if (!copyOf.has(j.a) || (j.b !== WORLD && !copyOf.has(j.b))) continue;
    next = withJoint(next, { ...j, a: copyOf.get(j.a)!, b: j.b === WORLD ? WORLD : copyOf.get(j.b)!, anchor: [j.anchor[0] + shift, j.anchor[1], j.anchor[2]] }).doc;
  }
  return { doc: next, ids: added.ids };
}

/** The doc without the selected parts and joints (and the joints of removed parts). */
export function withoutSelection(doc: BuildDoc, selection: Selection): BuildDoc {
  const parts = new Set(selection.parts), joints = new Set(selection.joints);
  return withoutConnectors({
    ...doc,
    parts: doc.parts.filter((p) => !parts.has(p.id)),
    joints: doc.joints.filter((j) => !joints.has(j.id) && !parts.has(j.a) && !parts.has(j.b)),
  }, new Set(selection.connectors ?? []), parts);
}

/** An axis rounded to thousandths, as the builder writes axes. */
function tidyAxis(axis: THREE.Vector3): Vec3 {
  return rounded(axis.multiplyScalar(1000)).map((x) => x / 1000) as Vec3;
}

/** The parts `ids` moved and turned by `delta` (a world transform); joints of parts moved with them. */
export function movedBy(doc: BuildDoc, ids: Set<number>, delta: THREE.Matrix4): BuildDoc {
  const rotation = new THREE.Quaternion().setFromRotationMatrix(delta);
  const moved = (p: Vec3) => rounded(new THREE.Vector3(...p).applyMatrix4(delta));
  return connectorsMoved({
    ...doc,
    parts: doc.parts.map((p) => {
      if (!ids.has(p.id)) return p;
      const q = rotation.clone().multiply(toQuaternion(p.quaternion)).normalize();
      return { ...p, position: moved(p.position), quaternion: [q.w, q.x, q.y, q.z].map((x) => Number(x.toFixed(9)) + 0) as Part['quaternion'] };
    }),
    // A joint belongs to its body A: it moves when A does.
    joints: doc.joints.map((j) => (ids.has(j.a) ? { ...j, anchor: moved(j.anchor), axis: tidyAxis(new THREE.Vector3(...j.axis).applyQuaternion(rotation)) } : j)),
  }, ids, moved);
}

/** Joint `id` at the gizmo's place: anchor at its position, axis along its z. */
export function jointAt(doc: BuildDoc, id: number, position: THREE.Vector3, quaternion: THREE.Quaternion): BuildDoc {
  const axis = tidyAxis(new THREE.Vector3(0, 0, 1).applyQuaternion(quaternion));
  const anchor = rounded(position);
  return { ...doc, joints: doc.joints.map((j) => (j.id === id ? { ...j, anchor, axis } : j)) };
}

/** What the bar says when there is nothing else to say. */
export function buildHint(doc: BuildDoc | null, tool: BuildTool, jointPick: { a?: number; b?: number }, selection: Selection): string {
  if (!doc) return t('build.hints.noDoc');
  if (tool.kind === 'place') return t('build.hints.place', { shape: t(`build.shapeWords.${tool.shape}`) });
  if (tool.kind === 'joint') {
    const joint = t(`build.joints.${tool.joint}`);
    if (jointPick.a === undefined) return t('build.hints.jointA', { joint });
    if (jointPick.b === undefined) return t('build.hints.jointB', { joint });
    return t('build.hints.anchor', { joint });
  }
  if (selection.parts.length + selection.joints.length === 0) return t('build.hints.nothingSelected');
  return t('build.hints.selected');
}

export function toggled(selection: Selection, key: 'parts' | 'joints', id: number): Selection {
  const list = selection[key].includes(id) ? selection[key].filter((x) => x !== id) : [...selection[key], id];
  return { ...selection, [key]: list };
}

export type BuildKey = 'undo' | 'redo' | 'duplicate' | 'remove' | 'escape';

/** The build-mode command a key asks for; null when the key is not build mode's (or a text field has it). */
export function buildKey(event: KeyboardEvent): BuildKey | null {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return null;
  if (target instanceof HTMLElement && target.closest('.cm-editor')) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && key === 'z' && !event.shiftKey) return 'undo';
  if ((ctrl && key === 'z' && event.shiftKey) || (ctrl && key === 'y')) return 'redo';
  if (ctrl && key === 'd') return 'duplicate';
  if (!ctrl && (event.key === 'Delete' || event.key === 'Backspace')) return 'remove';
  if (!ctrl && event.key === 'Escape') return 'escape';
  return null;
}
