// Scene versions (docs/scene-format.md): a scene written for an older format is upgraded here,
// one version at a time, before it reaches the engine; a newer one is refused with a message,
// since this page cannot know what its new fields mean.
import type { SceneObject } from '../scene/scene_doc';

/** The scene format version this page (and its engine) reads. */
export const CURRENT_SCENE_VERSION = 1;

/**
 * UPGRADES[v] turns a version-v scene into a version-(v + 1) scene. Version 1 is the first
 * format, so there is nothing to upgrade yet: a version-1 scene passes through unchanged.
 */
const UPGRADES: Readonly<Record<number, (scene: SceneObject) => SceneObject>> = {};

export type MigratedScene = { scene: SceneObject } | { error: string };

export function migrateScene(doc: SceneObject): MigratedScene {
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return { error: `/version: expected an integer, got ${version === undefined ? 'nothing' : JSON.stringify(version)}.` };
  }
  if (version > CURRENT_SCENE_VERSION) {
    return {
      error: `This scene was made by a newer Featherweight (scene version ${version}; this page reads versions up to ${CURRENT_SCENE_VERSION}). Open it with the newer page.`,
    };
  }
  let scene = doc;
  for (let v = version; v < CURRENT_SCENE_VERSION; v++) {
    const upgrade = UPGRADES[v];
    if (!upgrade) return { error: `/version: there is no scene version ${version} (versions start at 1).` };
    scene = { ...upgrade(scene), version: v + 1 };
  }
  return { scene };
}
