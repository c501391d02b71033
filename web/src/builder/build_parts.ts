// Springs, strings and ropes in build mode: each joins two points, on parts or on the world, kept
// in world coordinates at the built configuration (as joints' anchors are). In the scene they
// are the top-level "springs", "strings" and "ropes" (docs/scene-format.md), whose end points
// are written in each end body's frame (a world end in the world's).
import * as THREE from 'three';
import { CONNECTOR_KINDS, partById, WORLD, type BuildDoc, type Connector, type ConnectorKind, type NewConnector, type Quat, type Vec3 } from './build_doc';
import { tidy, toQuaternion, toVector, vec3Of } from '../math/math3d';

/** A body's frame in the built scene: where its origin is and how it is turned. */
export interface BodyFrame {
  origin: Vec3;
  quaternion: Quat;
}

export function connectorsOf(doc: BuildDoc): Connector[] {
  return doc.connectors ?? [];
}

export function connectorById(doc: BuildDoc, id: number): Connector | undefined {
  return connectorsOf(doc).find((c) => c.id === id);
}

const distance = (p: Vec3, q: Vec3) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

/** The length of the path from `a` through `via` to `b`. */
export function pathLength(a: Vec3, via: Vec3[], b: Vec3): number {
  const points = [a, ...via, b];
  let total = 0;
  for (let k = 1; k < points.length; k++) total += distance(points[k - 1], points[k]);
  return total;
}

/** `kind`'s name followed by the smallest number no part or connector has yet. */
function connectorName(doc: BuildDoc, kind: ConnectorKind): string {
  const taken = new Set([...doc.parts.map((p) => p.name), ...connectorsOf(doc).map((c) => c.name)]);
  for (let k = 1; ; k++) if (!taken.has(`${kind}${k}`)) return `${kind}${k}`;
}

/** A new connector of the defaults: slack-free, as long as its ends are apart (through `via`). */
export function newConnector(doc: BuildDoc, kind: ConnectorKind, ends: { a: number; b: number; pointA: Vec3; pointB: Vec3; via?: Vec3[] }): NewConnector {
  const base = { name: connectorName(doc, kind), a: ends.a, b: ends.b, pointA: ends.pointA, pointB: ends.pointB };
  const span = tidy(pathLength(ends.pointA, ends.via ?? [], ends.pointB), 9);
  if (kind === 'spring') return { ...base, kind, restLength: span, stiffness: 50, damping: 0 };
  if (kind === 'string') return { ...base, kind, length: span, via: ends.via ?? [] };
  return { ...base, kind, length: span, segments: 10, mass: 0.1, radius: 0.01 };
}

export function withConnector(doc: BuildDoc, connector: NewConnector): { doc: BuildDoc; id: number } {
  const id = doc.nextId;
  const made = { ...connector, id } as Connector;
  return { doc: { ...doc, connectors: [...connectorsOf(doc), made], nextId: id + 1 }, id };
}

export function withConnectorChanged(doc: BuildDoc, id: number, change: (c: Connector) => Connector): BuildDoc {
  return { ...doc, connectors: connectorsOf(doc).map((c) => (c.id === id ? change(c) : c)) };
}

/** The doc without connectors `ids`, nor those ending on removed parts `parts`. */
export function withoutConnectors(doc: BuildDoc, ids: Set<number>, parts: Set<number>): BuildDoc {
  if (!doc.connectors) return doc;
  return { ...doc, connectors: doc.connectors.filter((c) => !ids.has(c.id) && !parts.has(c.a) && !parts.has(c.b)) };
}

/** Connectors' ends on moved parts move with them (`move`: a world point's new place). */
export function connectorsMoved(doc: BuildDoc, ids: Set<number>, move: (p: Vec3) => Vec3): BuildDoc {
  if (!doc.connectors) return doc;
  return {
    ...doc,
    connectors: doc.connectors.map((c) => ({ ...c, pointA: ids.has(c.a) ? move(c.pointA) : c.pointA, pointB: ids.has(c.b) ? move(c.pointB) : c.pointB })),
  };
}

// ---- to and from the scene ----

type SceneEnd = { body: string; point: Vec3 };

/** The connectors as the scene's "springs", "strings" and "ropes" (only those it has). */
export function connectorsToScene(doc: BuildDoc, bodyName: Map<number, string>, frames: Map<number, BodyFrame>): Record<string, Record<string, unknown>[]> {
  const end = (id: number, point: Vec3): SceneEnd => {
    const part = id === WORLD ? undefined : partById(doc, id);
    const frame = frames.get(id);
    if (!part || part.static || !frame) return { body: 'world', point };
    const local = toVector(point).sub(toVector(frame.origin)).applyQuaternion(toQuaternion(frame.quaternion).invert());
    return { body: bodyName.get(id)!, point: vec3Of(local, 10) };
  };
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const c of connectorsOf(doc)) {
    const a = end(c.a, c.pointA), b = end(c.b, c.pointB);
    const common = { name: c.name, a: a.body, b: b.body, pointA: a.point, pointB: b.point };
    const entry =
      c.kind === 'spring' ? { ...common, restLength: c.restLength, stiffness: c.stiffness, ...(c.damping ? { damping: c.damping } : {}) }
      : c.kind === 'string' ? { ...common, length: c.length, ...(c.via.length ? { via: c.via } : {}) }
      : { ...common, length: c.length, segments: c.segments, mass: c.mass, radius: c.radius };
    (out[`${c.kind}s`] ??= []).push(entry);
  }
  return out;
}

type Obj = Record<string, unknown>;

/**
 * A scene's springs, strings and ropes as connectors: `partOf` gives a body's part id, `poseOf`
 * its frame at the scene's start (to put the ends in the world).
 */
export function connectorsFromScene(scene: Obj, doc: BuildDoc, partOf: Map<string, number>, poseOf: (name: string) => { p: THREE.Vector3; q: THREE.Quaternion }): Connector[] {
  const out: Connector[] = [];
  const world = (body: unknown, point: unknown): { id: number; point: Vec3 } => {
    const local: Vec3 = Array.isArray(point) ? (point as Vec3) : [0, 0, 0];
    if (body === 'world' || body === undefined) return { id: WORLD, point: local };
    const id = partOf.get(String(body));
    if (id === undefined) throw new Error(`a spring, string or rope ends on ${String(body)}, which build mode cannot make a part of`);
    const { p, q } = poseOf(String(body));
    return { id, point: vec3Of(toVector(local).applyQuaternion(q).add(p), 10) };
  };
  for (const kind of CONNECTOR_KINDS) {
    for (const entry of (scene[`${kind}s`] ?? []) as Obj[]) {
      const a = world(entry.a, entry.pointA), b = world(entry.b, entry.pointB);
      const ends = { id: doc.nextId++, name: String(entry.name ?? `${kind}${out.length + 1}`), a: a.id, b: b.id, pointA: a.point, pointB: b.point };
      const span = distance(a.point, b.point);
      if (kind === 'spring') out.push({ ...ends, kind, restLength: Number(entry.restLength ?? span), stiffness: Number(entry.stiffness ?? 0), damping: Number(entry.damping ?? 0) });
      else if (kind === 'string') out.push({ ...ends, kind, length: Number(entry.length ?? span), via: ((entry.via ?? []) as Vec3[]).map((v): Vec3 => [v[0], v[1], v[2]]) });
      else out.push({ ...ends, kind, length: Number(entry.length ?? span), segments: Number(entry.segments ?? 10), mass: Number(entry.mass ?? 0.1), radius: Number(entry.radius ?? 0.01) });
    }
  }
  return out;
}
