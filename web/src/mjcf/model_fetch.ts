// A shipped MuJoCo model (public/models) as scene text: its gallery entry lists the files it
// includes, so they are fetched before the converter reads them. The conversion's notices land in
// the scene's meta.observe, and the scene is titled as the gallery lists it.
import type { SceneEntry } from '../scene/scene_source';
import { mjcfFiles } from './mjcf_include';
import { mjcfToScene } from './mjcf_to_scene';

const MODEL_PART = /^([\w-][\w.-]*\/)*[\w-][\w.-]*$/; // relative, in the model's folder

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status === 404 ? 'there is no such file' : `HTTP ${response.status}`}`);
  return response;
}

/** `entry`: the gallery's entry of the model ("models/dm_control/walker.xml" and its files). */
export async function fetchModelText(entry: SceneEntry): Promise<string> {
  const { file } = entry, parts = entry.files ?? [];
  const folder = file.slice(0, file.lastIndexOf('/') + 1);
  const bad = parts.find((part) => !MODEL_PART.test(part) || part.includes('..'));
  if (bad !== undefined) throw new Error(`gallery.json: ${file} lists "${bad}", not a file in its folder`);
  const [xml, ...bytes] = await Promise.all([
    fetchOk(file).then((r) => r.text()),
    ...parts.map((part) => fetchOk(folder + part).then(async (r) => new Uint8Array(await r.arrayBuffer()))),
  ]);
  // The full path: the scene draws the model's meshes from beside it.
  const { scene } = mjcfToScene(xml, file, mjcfFiles(new Map(parts.map((part, i) => [part, bytes[i]]))));
  if (scene.meta) {
    scene.meta.title = entry.title;
    // The gallery's title in each of its languages (gallery.json "titles").
    for (const [language, title] of Object.entries(entry.titles ?? {})) {
      const translations = (scene.meta.translations ??= {});
      translations[language] = { ...translations[language], title };
    }
  }
  return JSON.stringify(scene);
}
