// Where scenes come from: the shipped files in public/scenes and the MuJoCo models in
// public/models (converted as they open: web/src/mjcf/model_fetch.ts), listed in public/gallery.json.
// URLs stay relative so the built site works under any sub-path.

export interface SceneEntry {
  file: string; // "pendulum.json" (in scenes/), or a model "models/dm_control/walker.xml"
  title: string;
  titles?: Record<string, string>; // the title in other languages ({ "de": "…" }), as the scene's meta.translations has it
  topic?: string; // the group the list shows it under (web/src/picker/gallery_topics.ts)
  level?: string; // "school" or "university": the level filter's
  shelf?: string; // a group of its own instead of the topic's ("Challenges")
  files?: string[]; // a model's other files, relative to its folder ("common/materials.xml")
}

export const DEFAULT_SCENE = 'pendulum.json';

const SCENE_FILE = /^[\w.-]+\.json$/;
const MODEL_FILE = /^models(\/[\w-][\w.-]*)+\.xml$/;

export const isModelFile = (file: string): boolean => MODEL_FILE.test(file) && !file.includes('..');

export async function fetchSceneIndex(): Promise<SceneEntry[]> {
  const response = await fetch('gallery.json');
  if (!response.ok) throw new Error(`gallery.json: HTTP ${response.status}`);
  return (await response.json()) as SceneEntry[];
}

/** A gallery scene file's text (a model is converted by web/src/mjcf/model_fetch.ts). */
export async function fetchSceneText(file: string): Promise<string> {
  if (!SCENE_FILE.test(file)) throw new Error(`not a scene file name: ${file}`);
  const response = await fetch(`scenes/${file}`);
  if (!response.ok) throw new Error(`scenes/${file}: ${response.status === 404 ? 'there is no such scene' : `HTTP ${response.status}`}`);
  return response.text();
}

// The scene named in the page address (?scene=NAME.json, NAME alone, or a model's path), or the
// default. A name that is neither is passed on as it is, for fetchSceneText to refuse with a message.
export function sceneFromAddress(location: Pick<Location, 'search'>): string {
  const name = new URLSearchParams(location.search).get('scene');
  if (!name) return DEFAULT_SCENE;
  return /^[\w.-]+$/.test(name) && !name.endsWith('.json') ? `${name}.json` : name;
}
