// Scenes as files: saving the running scene (as .json, or as MJCF or URDF for other simulators),
// and reading a dropped or chosen file into scene text: a .json scene as it is, a .urdf robot or
// an MJCF model (.xml, .mjcf) converted to a scene, with what could not carry over. Several
// files at once (a folder, a .zip) are a model with the files it includes (model_files.ts).
import { sceneToMjcf } from '../export/mjcf_export';
import { sceneToUrdf } from '../export/urdf_export';
import { type MjcfFileSource, mjcfToScene } from '../mjcf/mjcf_to_scene';
import type { SceneObject } from '../scene/scene_doc';
import { urdfToScene } from '../urdf/urdf_to_scene';
import type { DroppedFile } from './file_drop';
import { fileSource, mainModelFile, readModelFiles } from './model_files';

export interface SceneFileText {
  text: string;
  notices: string[];
  name: string; // the file the scene came from (the model among several)
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

function download(text: string, type: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

export function downloadScene(scene: SceneObject): void {
  download(`${JSON.stringify(scene, null, 2)}\n`, 'application/json', sceneFileName(scene));
}

/** Saves the scene as MJCF or URDF; returns what the format could not carry (to be shown). */
export function downloadAs(scene: SceneObject, format: 'mjcf' | 'urdf'): string[] {
  const { xml, unsupported } = format === 'mjcf' ? sceneToMjcf(scene) : sceneToUrdf(scene);
  download(xml, 'application/xml', sceneFileName(scene).replace(/\.json$/, format === 'mjcf' ? '.xml' : '.urdf'));
  return unsupported;
}

/** Scene text from a file's text; throws an Error naming the file when it is neither kind or is bad. */
function sceneText(fileName: string, text: string, files?: MjcfFileSource): SceneFileText {
  const name = fileName.toLowerCase();
  if (name.endsWith('.json')) return { text, notices: [], name: fileName };
  if (name.endsWith('.urdf') || name.endsWith('.xml') || name.endsWith('.mjcf')) {
    // An .xml file may be either: its root element says which.
    const mjcf = name.endsWith('.mjcf') || (name.endsWith('.xml') && /<mujoco[\s>/]/.test(text) && !/<robot[\s>]/.test(text.slice(0, text.search(/<mujoco[\s>/]/))));
    const { scene, notices } = mjcf ? mjcfToScene(text, fileName, files) : urdfToScene(text, fileName);
    return { text: JSON.stringify(scene, null, 2), notices, name: fileName };
  }
  throw notAScene(fileName);
}

const notAScene = (fileName: string) => new Error(`${fileName}: not a scene (.json), a robot description (.urdf) or a MuJoCo model (.xml, .mjcf; a folder or .zip with one)`);

/** Scene text from a file; throws an Error naming the file when it is neither kind or the model is bad. */
export async function sceneTextFromFile(file: File): Promise<SceneFileText> {
  if (!/\.(json|urdf|xml|mjcf)$/i.test(file.name)) throw notAScene(file.name);
  return sceneText(file.name, await file.text());
}

/** Scene text from files opened together (a folder, several files, a .zip): the model among them, with its files. */
export async function sceneTextFromFiles(files: DroppedFile[]): Promise<SceneFileText> {
  if (files.length === 1 && !/\.zip$/i.test(files[0].path)) return sceneTextFromFile(files[0].file);
  const read = await readModelFiles(files);
  const main = mainModelFile(read);
  const name = main.path.slice(main.path.lastIndexOf('/') + 1);
  return sceneText(name, new TextDecoder().decode(main.bytes), fileSource(read, main));
}
