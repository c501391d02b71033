// Several files opened at once (a dropped folder, files chosen together, a .zip): which one is the
// model, and its other files (what an MJCF model includes, its meshes) by path relative to it.
// Reading is bounded: at most MAX_FILES files and MAX_BYTES bytes in all, a .zip's entries
// counted by their unpacked sizes before they are unpacked.
import { unzipSync } from 'fflate';
import { type MjcfFileSource, normalizePath } from '../mjcf/mjcf_include';

/** A file opened with others: its path in the folder, drop or .zip ("robot/scene.xml"). */
export interface ModelFile {
  path: string;
  bytes: Uint8Array;
}

export const MAX_FILES = 5000;
export const MAX_BYTES = 256 * 1024 * 1024;

const SCENE_FILE = /\.(json|urdf|xml|mjcf)$/i;
const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

/** Adds a .zip's entries (their paths inside it) within the budgets left. */
function unzip(zip: ModelFile, into: ModelFile[], budget: { bytes: number }): void {
  let files = into.length;
  const entries = unzipSync(zip.bytes, {
    filter: (entry) => {
      if (entry.name.endsWith('/')) return false;
      if (++files > MAX_FILES) throw new Error(`${zip.path}: more than ${MAX_FILES} files`);
      budget.bytes += entry.originalSize;
      if (budget.bytes > MAX_BYTES) throw new Error(`${zip.path}: over ${mib(MAX_BYTES)} unpacked, the most the page opens at once`);
      return true;
    },
  });
  for (const [path, bytes] of Object.entries(entries)) into.push({ path, bytes });
}

/** The files' bytes, .zip files unpacked, within the budgets. */
export async function readModelFiles(files: { path: string; file: File }[]): Promise<ModelFile[]> {
  if (files.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} files at once`);
  const budget = { bytes: 0 };
  for (const { file } of files) budget.bytes += file.size;
  if (budget.bytes > MAX_BYTES) throw new Error(`the files are over ${mib(MAX_BYTES)}, the most the page opens at once`);
  const out: ModelFile[] = [];
  for (const { path, file } of files) {
    const read: ModelFile = { path, bytes: new Uint8Array(await file.arrayBuffer()) };
    if (/\.zip$/i.test(path)) {
      budget.bytes -= file.size;
      try {
        unzip(read, out, budget);
      } catch (error) {
        throw new Error(error instanceof Error && error.message.startsWith(path) ? error.message : `${path}: not a readable .zip (${String(error)})`);
      }
    } else out.push(read);
  }
  return out;
}

const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folder = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/**
 * The model among the files: the one scene, robot or MuJoCo model that no other file includes
 * (for MJCF, a model's <include>s name its other files). Throws naming the candidates when there
 * is none or more than one.
 */
export function mainModelFile(files: ModelFile[]): ModelFile {
  const candidates = files.filter((f) => SCENE_FILE.test(f.path) && !base(f.path).startsWith('.'));
  const decoder = new TextDecoder();
  const included = new Set<string>();
  for (const f of candidates) {
    if (!/\.(xml|mjcf)$/i.test(f.path)) continue;
    for (const match of decoder.decode(f.bytes).matchAll(/<include\s[^>]*?file\s*=\s*["']([^"']*)["']/g)) included.add(base(normalizePath(match[1])));
  }
  const models = candidates.filter((f) => !included.has(base(f.path)));
  if (models.length === 1) return models[0];
  const names = (list: ModelFile[]) => list.slice(0, 8).map((f) => f.path).join(', ') + (list.length > 8 ? ', …' : '');
  if (models.length === 0) throw new Error(`no scene (.json), robot (.urdf) or MuJoCo model (.xml, .mjcf) among the files${files.length > 0 ? ` (${names(files)})` : ''}`);
  throw new Error(`several models among the files (${names(models)}): open one model together with the files it includes`);
}

/** The other files by path relative to the main file's folder, as the MJCF converter reads them. */
export function fileSource(files: ModelFile[], main: ModelFile): MjcfFileSource {
  const byPath = new Map(files.map((f) => [normalizePath(f.path), f.bytes]));
  const dir = folder(normalizePath(main.path));
  return (path) => byPath.get(normalizePath(dir === '' ? path : `${dir}/${path}`));
}
