// The scene a share link carries, ready for the engine: decoded, checked to be a scene document,
// and migrated to the current scene version. Its physics is still the loader's to judge.
import { describeThrown } from '../guard/scene_entry';
import type { SceneObject } from '../scene/scene_doc';
import { decodeSceneLink } from './scene_link';
import { migrateScene } from './scene_migration';

export function sceneTextFromLink(fragment: string): { text: string } | { error: string } {
  const decoded = decodeSceneLink(fragment);
  if ('error' in decoded) return decoded;
  const migrated = migrateScene(JSON.parse(decoded.text) as SceneObject);
  if ('error' in migrated) return migrated;
  return { text: JSON.stringify(migrated.scene) };
}

/** The scene a link carries, or why it cannot run; never throws. */
export function sceneTextFromLinkSafely(fragment: string): { text: string } | { error: string } {
  try {
    return sceneTextFromLink(fragment);
  } catch (error) {
    return { error: `This scene link could not be read: ${describeThrown(error)}` };
  }
}
