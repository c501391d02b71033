// Scenes as files: saving the running scene, and reading a dropped or chosen file into scene
// text: a .json scene as it is, a .urdf robot converted to a scene (with what could not carry over).
import type { SceneObject } from '../scene_doc';
import { urdfToScene } from '../urdf/urdf_to_scene';

export interface SceneFileText {
  text: string;
  notices: string[];
}

/** A file name from a scene title: "Simple pendulum" → "simple-pendulum.json". */
export function sceneFileName(scene: SceneObject): string {
  const meta = scene.meta as { title?: unknown } | undefined;
  const title = typeof meta?.title === 'string' ? meta.title : '';
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off their letters
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'scene'}.json`;
}

export function downloadScene(scene: SceneObject): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${JSON.stringify(scene, null, 2)}\n`], { type: 'application/json' }));
  link.download = sceneFileName(scene);
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Scene text from a file; throws an Error naming the file when it is neither kind or the URDF is bad. */
export async function sceneTextFromFile(file: File): Promise<SceneFileText> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.json')) return { text: await file.text(), notices: [] };
  if (name.endsWith('.urdf')) {
    const { scene, notices } = urdfToScene(await file.text(), file.name);
    return { text: JSON.stringify(scene, null, 2), notices };
  }
  throw new Error(`${file.name}: not a scene (.json) or a robot description (.urdf)`);
}
