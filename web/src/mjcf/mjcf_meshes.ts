// MJCF mesh assets and mesh geoms. `<asset><mesh name file scale vertex/>` is read from the
// model's files (OBJ, or STL binary or ASCII, by three.js's loaders; `vertex` inline), and a mesh
// geom becomes a convex shape: MuJoCo collides a mesh's convex hull, and so does Featherweight.
// The scene format holds a hull of at most MAX_HULL_POINTS points, so a larger hull is cut to its
// vertices chosen farthest first (each the one farthest outside the hull of those chosen so far):
// the shape lies inside the true hull, and a notice says by how much at most. The file itself is
// drawn in the hull's place (the shape's `mesh`). Mass properties are the hull's at the geom's
// density or mass, where MuJoCo takes the mesh's own volume: the same for a convex mesh, more
// for a concave one.
import * as THREE from 'three';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { ConvexHull, type Face } from 'three/addons/math/ConvexHull.js';
import type { Vec3 } from '../math/math3d';
import type { Shape } from '../scene/scene_types';
import { attribute, children } from '../xml/xml_reader';
import type { MjcfContext } from './mjcf_context';
import { assetPath, normalizePath, readBytes } from './mjcf_include';
import { type Attributes, tidyVec } from './mjcf_reader';
import { fail } from './mjcf_xml';

/** The most points the scene format's convex shape takes. */
export const MAX_HULL_POINTS = 64;
/** How many distinct vertices a mesh may have (a bound on the hull's work). */
const MAX_MESH_VERTICES = 1_000_000;

type ConvexShape = Extract<Shape, { type: 'convex' }>;

/** A mesh asset: its hull's points (scaled, at most MAX_HULL_POINTS) and where the file is drawn from. */
interface MeshAsset {
  points: Vec3[];
  url?: string; // the file, relative to the page (absent for an inline mesh)
  scale: Vec3;
  gap: number; // how far the farthest vertex left out lies outside the points' hull, m
}

/** A mesh whose file is not at hand: none were given (`path` undefined), or not this one. */
interface MissingMesh {
  missing: true;
  path?: string;
  place: string;
}

interface MeshTable {
  elements: Map<string, { element: ReturnType<typeof children>[number]; place: string }>;
  read: Map<string, MeshAsset | MissingMesh>;
  noticed: Set<string>; // meshes whose absence a notice already named
}

const tables = new WeakMap<MjcfContext, MeshTable>();

/** The model's <asset><mesh> elements by name, read when a geom first needs one. */
function meshTable(ctx: MjcfContext): MeshTable {
  let table = tables.get(ctx);
  if (table) return table;
  table = { elements: new Map(), read: new Map(), noticed: new Set() };
  for (const [a, asset] of children(ctx.mujoco, 'asset').entries()) {
    for (const [m, element] of children(asset, 'mesh').entries()) {
      const file = attribute(element, 'file');
      const name = attribute(element, 'name') ?? (file ? (file.split(/[/\\]/).pop() ?? file).replace(/\.[^.]*$/, '') : undefined);
      const place = `mujoco/asset[${a + 1}]/mesh "${name ?? m + 1}"`;
      if (name === undefined) fail(place, 'a mesh needs a name or a file');
      if (table.elements.has(name)) fail(place, `a second mesh named "${name}"`);
      table.elements.set(name, { element, place });
    }
  }
  tables.set(ctx, table);
  return table;
}

/** The vertices of a mesh file's triangles (three per triangle), by its extension. */
function fileVertices(bytes: Uint8Array, path: string, place: string): ArrayLike<number> {
  const extension = path.toLowerCase().split('.').pop();
  try {
    if (extension === 'stl') {
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      return new STLLoader().parse(buffer).getAttribute('position').array;
    }
    if (extension === 'obj') {
      const parts: number[] = [];
      new OBJLoader().parse(new TextDecoder().decode(bytes)).traverse((o) => {
        if (o instanceof THREE.Mesh) for (const x of (o.geometry as THREE.BufferGeometry).getAttribute('position').array) parts.push(x);
      });
      return parts;
    }
  } catch (error) {
    fail(place, `mesh file "${path}" could not be read: ${(error as Error).message}`);
  }
  return fail(place, `mesh file "${path}": Featherweight reads OBJ and STL meshes (not .${extension ?? '?'})`);
}

/** The shortest decimal that is the same single-precision number (mesh files hold floats, as MuJoCo reads them). */
function shortestFloat(x: number): number {
  const single = Math.fround(x);
  for (let digits = 1; digits < 9; digits++) {
    const decimal = Number(single.toPrecision(digits));
    if (Math.fround(decimal) === single) return decimal;
  }
  return single;
}

/** Distinct points of a flat x, y, z list, scaled. */
function distinctPoints(flat: ArrayLike<number>, scale: Vec3, place: string): THREE.Vector3[] {
  const seen = new Set<string>();
  const points: THREE.Vector3[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const p = new THREE.Vector3(shortestFloat(flat[i]) * scale[0], shortestFloat(flat[i + 1]) * scale[1], shortestFloat(flat[i + 2]) * scale[2]);
    if (![p.x, p.y, p.z].every(Number.isFinite)) fail(place, 'a mesh vertex is not a finite number');
    const key = `${p.x},${p.y},${p.z}`;
    if (seen.has(key)) continue;
    seen.add(key);
    points.push(p);
    if (points.length > MAX_MESH_VERTICES) fail(place, `a mesh has more than ${MAX_MESH_VERTICES} vertices`);
  }
  return points;
}

/** The points at the corners of a hull's faces. */
function hullVertices(hull: ConvexHull): THREE.Vector3[] {
  const corners = new Set<THREE.Vector3>();
  for (const face of hull.faces) {
    let edge = face.edge;
    do {
      corners.add(edge.head().point);
      edge = edge.next;
    } while (edge !== face.edge);
  }
  return [...corners];
}

/** How far a point lies outside a hull (the largest of its distances to the faces' planes). */
function outside(faces: Face[], p: THREE.Vector3): number {
  let distance = -Infinity;
  for (const face of faces) distance = Math.max(distance, face.normal.dot(p) - face.constant);
  return distance;
}

/** A hull of `points` cut to at most `limit` of its vertices, farthest first; and how far the rest lie outside it. */
export function reducedHull(points: THREE.Vector3[], limit: number, place: string): { points: THREE.Vector3[]; gap: number } {
  const full = new ConvexHull().setFromPoints(points);
  const corners = hullVertices(full);
  const box = new THREE.Box3().setFromPoints(corners).getSize(new THREE.Vector3());
  const flat = volumeOf(full) <= 1e-9 * Math.max(box.x, box.y, box.z) ** 3;
  if (full.faces.length < 4 || corners.length < 4 || flat) fail(place, 'a mesh needs a volume: its points are (nearly) all in one plane');
  if (corners.length <= limit) return { points: corners, gap: 0 };
  // Start from the extreme points along the axes and the diagonals, then add the farthest out.
  const chosen = new Set<THREE.Vector3>();
  const directions = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, -1]].map(([x, y, z]) => new THREE.Vector3(x, y, z));
  for (const d of directions) {
    for (const sign of [1, -1]) {
      let best = corners[0];
      for (const p of corners) if (sign * p.dot(d) > sign * best.dot(d)) best = p;
      chosen.add(best);
    }
  }
  let hull = new ConvexHull().setFromPoints([...chosen]);
  for (;;) {
    let farthest: THREE.Vector3 | null = null, distance = 0;
    for (const p of corners) {
      if (chosen.has(p)) continue;
      const d = outside(hull.faces, p);
      if (d > distance) [farthest, distance] = [p, d];
    }
    if (!farthest || chosen.size >= limit) return { points: [...chosen].slice(0, limit), gap: distance };
    chosen.add(farthest);
    hull = new ConvexHull().setFromPoints([...chosen]);
  }
}

/** The volume of the convex hull of `points`, m³. */
export function hullVolume(points: readonly Vec3[]): number {
  return volumeOf(new ConvexHull().setFromPoints(points.map((p) => new THREE.Vector3(...p))));
}

function volumeOf(hull: ConvexHull): number {
  let volume = 0;
  for (const face of hull.faces) {
    const a = face.edge.head().point;
    for (let edge = face.edge.next; edge.next !== face.edge; edge = edge.next) volume += a.dot(edge.head().point.clone().cross(edge.next.head().point)) / 6;
  }
  return Math.abs(volume);
}

/** The mesh asset `name`, read once, or what is missing of it. */
function meshAsset(ctx: MjcfContext, name: string, place: string): MeshAsset | MissingMesh {
  const table = meshTable(ctx);
  if (table.read.has(name)) return table.read.get(name)!;
  const entry = table.elements.get(name);
  if (!entry) fail(place, `mesh "${name}" is not among the model's <asset> meshes`);
  const r = ctx.reader;
  const attrs: Attributes = ctx.defaults.resolve(entry.element, 'mesh', 'main', entry.place);
  for (const key of Object.keys(attrs)) if (!['name', 'class', 'file', 'scale', 'vertex', 'maxhullvert'].includes(key)) r.ignored.add(`mesh ${key}`);
  const scale = r.vector(attrs, 'scale', entry.place, [1, 1, 1]);
  if (scale.some((s) => !(s > 0))) fail(entry.place, `scale must be positive, got "${attrs.scale}"`);
  const limit = Math.min(MAX_HULL_POINTS, attrs.maxhullvert === undefined || attrs.maxhullvert === '-1' ? MAX_HULL_POINTS : r.number(attrs, 'maxhullvert', entry.place, 0));
  if (!(limit >= 4)) fail(entry.place, `maxhullvert must be -1 or at least 4, got "${attrs.maxhullvert}"`);
  let flat: ArrayLike<number>, url: string | undefined;
  if (attrs.vertex !== undefined) {
    flat = attrs.vertex.trim().split(/\s+/).map(Number);
    if (flat.length % 3 !== 0 || flat.length < 12) fail(entry.place, 'vertex needs at least 4 points of 3 numbers each');
  } else if (attrs.file !== undefined) {
    const path = ctx.files ? assetPath(ctx.assetDirs, 'mesh', attrs.file) : undefined;
    const bytes = path === undefined ? undefined : readBytes(ctx.files, path);
    if (path === undefined || !bytes) {
      const missing: MissingMesh = { missing: true, path, place: entry.place };
      table.read.set(name, missing);
      return missing;
    }
    flat = fileVertices(bytes, path, entry.place);
    url = meshUrl(ctx, path);
  } else return fail(entry.place, 'a mesh needs a file or vertex');
  const hull = reducedHull(distinctPoints(flat, scale, entry.place), limit, entry.place);
  const asset: MeshAsset = { points: hull.points.map((p) => tidyVec([p.x, p.y, p.z])), scale, gap: hull.gap };
  if (url !== undefined) asset.url = url;
  table.read.set(name, asset);
  return asset;
}

/** Where the page fetches a model's file from: beside the model, as the model was opened. */
function meshUrl(ctx: MjcfContext, path: string): string {
  const opened = ctx.modelPath.replace(/\\/g, '/');
  const folder = opened.includes('/') ? opened.slice(0, opened.lastIndexOf('/') + 1) : '';
  return /^([a-z]+:)?\//i.test(path) ? path : normalizePath(folder + path);
}

/**
 * A mesh geom as a convex shape (pose, colour and mass are the caller's). A mesh whose file is
 * not at hand is left out with a notice when the geom is only drawn (contype and conaffinity 0:
 * the physics does not change), and is an error when it would collide.
 */
export function meshShape(ctx: MjcfContext, attrs: Attributes, place: string): ConvexShape | null {
  if (attrs.mesh === undefined) fail(place, 'a mesh geom needs mesh');
  const asset = meshAsset(ctx, attrs.mesh, place);
  const r = ctx.reader;
  const drawnOnly = !ctx.contact || (r.number(attrs, 'contype', place, 1) === 0 && r.number(attrs, 'conaffinity', place, 1) === 0);
  if ('missing' in asset) {
    const where = asset.path === undefined ? 'the model was opened without its files (open its folder, several files or a .zip)' : `"${asset.path}" is not among the model's files`;
    if (!drawnOnly) fail(place, `mesh "${attrs.mesh}" collides, but ${where}`);
    if (!tables.get(ctx)!.noticed.has(attrs.mesh)) {
      tables.get(ctx)!.noticed.add(attrs.mesh);
      r.notices.push(`${asset.place}: ${where}: the geoms that draw mesh "${attrs.mesh}" are left out (they do not collide).`);
    }
    return null;
  }
  const shape: ConvexShape = { type: 'convex', points: asset.points.map((p) => [...p] as Vec3) };
  if (asset.url !== undefined) {
    shape.mesh = { url: asset.url };
    if (asset.scale.some((s) => s !== 1)) shape.mesh.scale = [...asset.scale];
  }
  if (asset.gap > 0 && !drawnOnly) {
    ctx.reader.notices.push(`${place}: mesh "${attrs.mesh}" collides as its convex hull cut to ${asset.points.length} points; the hull's other points lie within ${(asset.gap * 1000).toPrecision(2)} mm of it.`);
  }
  return shape;
}

/** Whether some drawn-only mesh geoms were left out for want of their files. */
export function meshesLeftOut(ctx: MjcfContext): boolean {
  return (tables.get(ctx)?.noticed.size ?? 0) > 0;
}

/** The rgba of a geom's material (`<asset><material rgba>`), or undefined. */
export function materialRgba(ctx: MjcfContext, name: string): string | undefined {
  for (const asset of children(ctx.mujoco, 'asset')) {
    for (const material of children(asset, 'material')) if (attribute(material, 'name') === name) return attribute(material, 'rgba');
  }
  return undefined;
}
