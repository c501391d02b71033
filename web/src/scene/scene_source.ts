// Where scenes come from: the shipped files in public/scenes, listed in public/gallery.json.
// URLs stay relative so the built site works under any sub-path.

export interface SceneEntry {
  file: string; // e.g. "pendulum.json"
  title: string;
}

export const DEFAULT_SCENE = 'pendulum.json';

export async function fetchSceneIndex(): Promise<SceneEntry[]> {
  const response = await fetch('gallery.json');
  if (!response.ok) throw new Error(`gallery.json: HTTP ${response.status}`);
  return (await response.json()) as SceneEntry[];
}

export async function fetchSceneText(file: string): Promise<string> {
  if (!/^[\w.-]+\.json$/.test(file)) throw new Error(`not a scene file name: ${file}`);
  const response = await fetch(`scenes/${file}`);
  if (!response.ok) throw new Error(`scenes/${file}: ${response.status === 404 ? 'there is no such scene' : `HTTP ${response.status}`}`);
  return response.text();
}

// The scene named in the page address (?scene=NAME.json, or NAME alone), or the default. A name
// that is not a scene file's is passed on as it is, for fetchSceneText to refuse with a message.
export function sceneFromAddress(location: Pick<Location, 'search'>): string {
  const name = new URLSearchParams(location.search).get('scene');
  if (!name) return DEFAULT_SCENE;
  return /^[\w.-]+$/.test(name) && !name.endsWith('.json') ? `${name}.json` : name;
}
