// What a click on the scene does with the place tool (a part resting where it was clicked) and
// with the joint tool (body A, then body B or empty space for the world, then the anchor).
import type * as THREE from 'three';
import type { BuildTool } from './build_bar';
import { newPart, partById, withJoint, withParts, WORLD, type BuildDoc, type Part } from './build_doc';
import type { Hit } from './build_pick';
import type { Selection } from './build_properties';
import { depthAxis, restingPose, rounded, snapAnchor } from './placement';
import { t } from '../i18n/i18n';

const ANCHOR_SNAP = 0.1; // m: a click this near a part's centre, face centre or cap centre takes it

export type JointPick = { a?: number; b?: number };

export type ToolClick =
  | { kind: 'say'; text: string } // nothing done: what to do instead
  | { kind: 'pick'; pick: JointPick } // the joint tool's next pick
  | { kind: 'edit'; doc: BuildDoc; select: Selection }; // the edit to commit, and what to select once it runs

export function toolClick(doc: BuildDoc, tool: Extract<BuildTool, { kind: 'place' | 'joint' }>, pick: JointPick, hit: Hit | null, camera: THREE.Camera): ToolClick {
  if (tool.kind === 'place') {
    if (!hit) return { kind: 'say', text: t('build.hints.groundOrBody') };
    const part = newPart(doc, tool.shape, [0, 0, 0]);
    const added = withParts(doc, [{ ...part, ...restingPose(part, hit.point, hit.normal) }]);
    return { kind: 'edit', doc: added.doc, select: { parts: added.ids, joints: [] } };
  }
  if (pick.a === undefined) {
    if (!hit || hit.part === null || partById(doc, hit.part)?.static) return { kind: 'say', text: t('build.hints.bodyToJoin') };
    return { kind: 'pick', pick: { a: hit.part } };
  }
  if (pick.b === undefined) {
    const b = hit && hit.part !== null ? hit.part : WORLD;
    if (b === pick.a) return { kind: 'say', text: t('build.hints.anotherBody') };
    return { kind: 'pick', pick: { a: pick.a, b } };
  }
  if (!hit) return { kind: 'say', text: t('build.hints.anchorPoint') };
  const nearby = [pick.a, pick.b].map((id) => partById(doc, id)).filter((p): p is Part => p !== undefined);
  const anchor = rounded(snapAnchor(hit.point, nearby, ANCHOR_SNAP));
  const made = withJoint(doc, { kind: tool.joint, a: pick.a, b: pick.b, anchor, axis: depthAxis(camera) });
  return { kind: 'edit', doc: made.doc, select: { parts: [], joints: [made.id] } };
}
