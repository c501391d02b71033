// MJCF's <include file="…"/>: the files a model is made of, and assembling them into one text
// before parsing, as MuJoCo does: the included file's root element (<mujoco>) is dropped and its
// children take the place of the <include>. As in MuJoCo, every include's path is relative to the
// main model file's directory (nested ones too), and a file may be included once in a model.
//
// Files come from an MjcfFileSource (a folder on disk in Node, dropped files or a .zip in the
// page); the same source gives meshes and textures their bytes (see assetPath). Work is bounded:
// each file is scanned within its budgets before it is spliced, the assembled text stays within
// the budget of one file, and includes nest at most MAX_INCLUDE_DEPTH deep.
import { MJCF_BUDGET, fail, parseMjcfXml } from './mjcf_xml';

/** A model's files by path relative to the main file's directory ("common/visual.xml"); undefined: missing. */
export type MjcfFileSource = (path: string) => Uint8Array | string | undefined;

/** How deep includes may nest (MuJoCo's include-once rule already rules out cycles). */
export const MAX_INCLUDE_DEPTH = 32;

/** A file source from files by path (relative to the main file's directory). */
export function mjcfFiles(files: ReadonlyMap<string, Uint8Array | string> | Record<string, Uint8Array | string>): MjcfFileSource {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  const normalized = new Map([...map].map(([path, data]) => [normalizePath(path), data]));
  return (path) => normalized.get(normalizePath(path));
}

/** A path with "." and "x/.." removed and "\" as "/"; leading ".." stay (outside the model's folder). */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  const absolute = path.startsWith('/');
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return (absolute ? '/' : '') + parts.join('/');
}

const isAbsolute = (path: string) => /^([/\\]|[A-Za-z]:[/\\])/.test(path);
const joinPath = (dir: string, file: string) => (isAbsolute(file) || dir === '' ? file : `${dir.replace(/[/\\]+$/, '')}/${file}`);

/** Where the compiler's meshdir, texturedir and assetdir point (MuJoCo's rules for asset files). */
export interface AssetDirs {
  meshdir?: string;
  texturedir?: string;
  assetdir?: string;
}

/**
 * The source path of a mesh/height field ('mesh') or texture file: an absolute file name as it is,
 * else the directory (meshdir or texturedir, falling back to assetdir) joined with it; relative
 * directories are relative to the main file's directory, as the file source's paths are.
 */
export function assetPath(dirs: AssetDirs, kind: 'mesh' | 'texture', file: string): string {
  const dir = (kind === 'mesh' ? dirs.meshdir : dirs.texturedir) ?? dirs.assetdir ?? '';
  return normalizePath(joinPath(dir, file));
}

/** A file's bytes from a source, or undefined; text given as a string is encoded as UTF-8. */
export function readBytes(files: MjcfFileSource | undefined, path: string): Uint8Array | undefined {
  const data = files?.(path);
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

const text = (data: Uint8Array | string) => (typeof data === 'string' ? data : new TextDecoder().decode(data));

interface IncludeTag {
  start: number;
  end: number; // after the tag (and its </include> when it has one)
  file: string | undefined;
}

/** The <include> tags of a text outside comments, CDATA and processing instructions. */
function includeTags(xml: string): IncludeTag[] {
  const tags: IncludeTag[] = [];
  for (let i = xml.indexOf('<'); i !== -1; i = xml.indexOf('<', i + 1)) {
    const skip = (until: string) => {
      const end = xml.indexOf(until, i);
      return end === -1 ? xml.length : end + until.length - 1;
    };
    if (xml.startsWith('<!--', i)) i = skip('-->');
    else if (xml.startsWith('<![CDATA[', i)) i = skip(']]>');
    else if (xml.startsWith('<?', i)) i = skip('?>');
    else if (/^<include[\s/>]/.test(xml.slice(i, i + 9))) {
      let end = i + 8;
      for (let quote = ''; end < xml.length; end++) {
        const c = xml[end];
        if (quote) quote = c === quote ? '' : quote;
        else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      const tag = xml.slice(i, end + 1);
      const file = /\sfile\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
      let after = end + 1;
      if (!tag.endsWith('/>')) {
        const close = /^\s*<\/include\s*>/.exec(xml.slice(after, after + 200));
        if (close) after += close[0].length;
      }
      tags.push({ start: i, end: after, file: file ? (file[1] ?? file[2]) : undefined });
      i = after - 1;
    }
  }
  return tags;
}

/** The text inside a file's root element, checking that the root is <mujoco>. */
function rootContent(xml: string, path: string, place: string): string {
  let i = xml.indexOf('<');
  while (i !== -1 && (xml.startsWith('<!--', i) || xml.startsWith('<?', i))) {
    const end = xml.startsWith('<!--', i) ? xml.indexOf('-->', i) : xml.indexOf('?>', i);
    i = end === -1 ? -1 : xml.indexOf('<', end);
  }
  if (i === -1) fail(place, `"${path}" is not an MJCF file: it has no <mujoco> element`);
  const root = /^<([^\s/>]+)[^>]*?(\/?)>/.exec(xml.slice(i));
  if (!root || root[1] !== 'mujoco') fail(place, `"${path}" is not an MJCF file: its root element is <${root?.[1] ?? ''}>, not <mujoco>`);
  if (root[2] === '/') return '';
  const close = xml.lastIndexOf('</mujoco');
  return xml.slice(i + root[0].length, close);
}


/**
 * The model's text with every <include> replaced by the included file's content (recursively),
 * or the text as it is when it has none. Errors name the including file and the include:
 * `model.xml: mujoco/include "./common/x.xml": no such file among the model's files (common/x.xml)`.
 */
export function expandIncludes(xml: string, fileName: string, files: MjcfFileSource | undefined): string {
  if (includeTags(xml).length === 0) return xml;
  parseMjcfXml(xml, fileName); // the main file's own syntax and budgets, naming its lines
  const included = new Set<string>();
  let total = xml.length;
  const expand = (source: string, name: string, depth: number): string => {
    const tags = includeTags(source);
    let out = '', at = 0;
    for (const tag of tags) {
      const place = `${name}: <include file="${tag.file ?? ''}">`;
      if (tag.file === undefined || tag.file.trim() === '') fail(place, 'needs a file attribute');
      if (!files) fail(place, 'this model includes other files: open it together with them (a folder, several files or a .zip)');
      if (depth >= MAX_INCLUDE_DEPTH) fail(place, `includes nest more than ${MAX_INCLUDE_DEPTH} deep`);
      const path = normalizePath(tag.file);
      if (included.has(path)) fail(place, `"${path}" is included a second time (MuJoCo includes a file at most once in a model)`);
      included.add(path);
      const data = files(path);
      if (data === undefined) fail(place, `no such file among the model's files (looked for "${path}" beside ${fileName})`);
      const inner = text(data);
      total += inner.length;
      if (total > MJCF_BUDGET.fileChars) {
        fail(place, `the model with its includes is over the budget of ${MJCF_BUDGET.fileChars / (1024 * 1024)} MiB for an MJCF file`);
      }
      parseMjcfXml(inner, path); // its own syntax and budgets, naming its own lines
      out += source.slice(at, tag.start) + expand(rootContent(inner, path, place), path, depth + 1);
      at = tag.end;
    }
    return out + source.slice(at);
  };
  return expand(xml, fileName, 0);
}
