// The scene a share link carries, ready for the engine: decoded, checked to be a scene document,
// and migrated to the current scene version. Its physics is still the loader's to judge.
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
