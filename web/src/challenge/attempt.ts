// The student's attempt, as a result link carries it: what differs between the challenge scene
// as shipped and the scene running now, within what the challenge allows — the sliders' values,
// the controller if its code or parameters were edited, the bodies, articulations (jointed
// parts) and constraints build mode appended. Anything else the student changed is not carried (the verifier would refuse it).
import type { SceneObject } from '../scene/scene_doc';
import { getPointer } from '../scene/scene_doc';

export interface Attempt {
  sliders?: Record<string, number>;
  controller?: { source: string; parameters?: Record<string, number> };
  /** Only the lists that are not empty. */
  parts?: { bodies?: unknown[]; articulations?: unknown[]; constraints?: unknown[] };
}

interface Allow {
  controller?: boolean;
  sliders?: boolean;
  build?: object;
}

function appended(original: SceneObject, current: SceneObject, key: 'bodies' | 'articulations' | 'constraints'): unknown[] {
  const before = Array.isArray(original[key]) ? (original[key] as unknown[]) : [];
  const after = Array.isArray(current[key]) ? (current[key] as unknown[]) : [];
  return after.slice(before.length);
}

/** What the student changed of `original` (the shipped scene) in `current`, as the allow list lets them. */
export function attemptOf(original: SceneObject, current: SceneObject, allow: Allow): Attempt {
  const attempt: Attempt = {};
  if (allow.sliders) {
    const sliders = ((original.meta as { sliders?: { path: string }[] } | undefined)?.sliders ?? []).map((s) => s.path);
    const values: Record<string, number> = {};
    for (const path of sliders) {
      const value = getPointer(current, path);
      if (typeof value === 'number' && value !== getPointer(original, path)) values[path] = value;
    }
    if (Object.keys(values).length > 0) attempt.sliders = values;
  }
  if (allow.controller) {
    const was = original.controller as { source?: string; parameters?: Record<string, number> } | undefined;
    const now = current.controller as { source?: string; parameters?: Record<string, number> } | undefined;
    if (now?.source !== undefined && (now.source !== was?.source || JSON.stringify(now.parameters) !== JSON.stringify(was?.parameters))) {
      attempt.controller = { source: now.source, ...(now.parameters ? { parameters: now.parameters } : {}) };
    }
  }
  if (allow.build) {
    const parts: NonNullable<Attempt['parts']> = {};
    for (const key of ['bodies', 'articulations', 'constraints'] as const) {
      const added = appended(original, current, key);
      if (added.length > 0) parts[key] = added;
    }
    if (Object.keys(parts).length > 0) attempt.parts = parts;
  }
  return attempt;
}
