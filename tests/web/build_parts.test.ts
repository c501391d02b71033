// Build mode's springs, strings and ropes (web/src/builder/build_parts.ts): written to the scene
// with their ends in their bodies' frames (a link's frame is at its joint, not at its part's
// centre), read back into the same connectors, moved with their parts, removed with them.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { loadLibraryInNode } from './engine';
import { emptyBuild, newPart, WORLD, withJoint, withParts, type BuildDoc, type Vec3 } from '../../web/src/builder/build_doc';
import { movedBy, withoutSelection } from '../../web/src/builder/build_edits';
import { newConnector, withConnector } from '../../web/src/builder/build_parts';
import { parsePoints } from '../../web/src/builder/build_parts_panel';
import { buildToScene } from '../../web/src/builder/build_to_scene';
import { sceneToBuild } from '../../web/src/builder/scene_to_build';
import { TEMPLATES } from '../../web/src/builder/templates';
import type { SceneObject } from '../../web/src/scene/scene_doc';
import { toQuaternion, toVector } from '../../web/src/math/math3d';

const TILTED: [number, number, number, number] = [Math.cos(0.3), Math.sin(0.3), 0, 0]; // 0.6 rad about x

/** A box hinged to the world at its top (a link), a free ball, and one of each connector between them and the world. */
function sample(): BuildDoc {
  let doc = emptyBuild();
  const added = withParts(doc, [
    { ...newPart(doc, 'box', [0, 0, 2], TILTED), size: [0.2, 0.2, 0.6] },
    { ...newPart(doc, 'sphere', [1, 0, 1]) },
  ]);
  const [box, ball] = added.ids;
  doc = withJoint(added.doc, { kind: 'hinge', a: box, b: WORLD, anchor: [0, 0, 2.3], axis: [0, 1, 0] }).doc;
  doc = withConnector(doc, newConnector(doc, 'spring', { a: box, b: ball, pointA: [0.1, 0, 1.9], pointB: [1, 0, 1] })).doc;
  doc = withConnector(doc, newConnector(doc, 'string', { a: WORLD, b: ball, pointA: [1, 0, 3], pointB: [1, 0.1, 1.1], via: [[1, 0, 3.5]] })).doc;
  return withConnector(doc, newConnector(doc, 'rope', { a: ball, b: WORLD, pointA: [1, 0, 0.9], pointB: [2, 0, 0.9] })).doc;
}

describe("build mode's springs, strings and ropes", () => {
  it('writes ends in their bodies\' frames, and lengths from the ends apart', () => {
    const doc = sample();
    const built = buildToScene(doc);
    const scene = built.scene as SceneObject & { springs: Record<string, unknown>[]; strings: Record<string, unknown>[]; ropes: Record<string, unknown>[] };
    const box = doc.parts[0];
    // The box is a link: its frame is at the hinge's anchor, turned as the box.
    expect(scene.springs[0].a).toBe(built.bodyName.get(box.id));
    const local = toVector([0.1, 0, 1.9]).sub(toVector([0, 0, 2.3])).applyQuaternion(toQuaternion(box.quaternion).invert());
    (scene.springs[0].pointA as number[]).forEach((x, i) => expect(x).toBeCloseTo(local.getComponent(i), 9));
    expect(scene.springs[0].pointB).toEqual([0, 0, 0]);
    expect(scene.springs[0].restLength).toBeCloseTo(Math.hypot(0.9, 0.9), 8);
    expect(scene.strings[0]).toMatchObject({ a: 'world', b: 'sphere1', pointA: [1, 0, 3], via: [[1, 0, 3.5]] });
    (scene.strings[0].pointB as number[]).forEach((x, i) => expect(x).toBeCloseTo([0, 0.1, 0.1][i], 9));
    expect(scene.strings[0].length).toBeCloseTo(0.5 + Math.hypot(0.1, 2.4), 8); // over the pulley
    expect(scene.ropes[0]).toMatchObject({ name: 'rope1', a: 'sphere1', b: 'world', pointB: [2, 0, 0.9], length: 1, segments: 10 });
  });

  it('reads a built scene back into the same connectors (so build mode can open what it made)', () => {
    const doc = sample();
    const built = buildToScene(doc);
    const names = [...built.bodyName.values()];
    // The engine's poses at the start are the bodies' frames.
    const byName = new Map([...built.bodyName].map(([id, name]) => [name, built.frames.get(id)!]));
    const pose = (i: number) => {
      const f = byName.get(names[i])!;
      return [...f.origin, f.quaternion[1], f.quaternion[2], f.quaternion[3], f.quaternion[0]];
    };
    const opened = sceneToBuild(built.scene as SceneObject, names, pose);
    if (!('doc' in opened)) throw new Error(opened.reason);
    // Ids are the docs' own; the ends are compared by name below.
    const strip = (d: BuildDoc) => (d.connectors ?? []).map((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !['id', 'a', 'b'].includes(k))));
    const close = (x: unknown): unknown => (typeof x === 'number' ? Number(x.toFixed(9)) + 0 : Array.isArray(x) ? x.map(close) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, close(v)])) : x);
    expect(close(strip(opened.doc))).toEqual(close(strip(doc)));
    const ends = (d: BuildDoc) => (d.connectors ?? []).map((c) => [c.a === WORLD ? 'world' : d.parts.find((p) => p.id === c.a)!.name, c.b === WORLD ? 'world' : d.parts.find((p) => p.id === c.b)!.name]);
    expect(ends(opened.doc)).toEqual(ends(doc));
    expect(close(buildToScene(opened.doc).scene)).toEqual(close(built.scene));
  });

  it('moves the ends on moved parts and drops the connectors of deleted parts', () => {
    const doc = sample();
    const ball = doc.parts[1].id;
    const moved = movedBy(doc, new Set([ball]), new THREE.Matrix4().makeTranslation(0.5, 0, 0));
    expect(moved.connectors!.map((c) => [c.pointA, c.pointB])).toEqual([
      [[0.1, 0, 1.9], [1.5, 0, 1]],
      [[1, 0, 3], [1.5, 0.1, 1.1]],
      [[1.5, 0, 0.9], [2, 0, 0.9]],
    ]);
    expect(withoutSelection(doc, { parts: [ball], joints: [] }).connectors).toEqual([]);
    const spring = doc.connectors![0].id;
    expect(withoutSelection(doc, { parts: [], joints: [], connectors: [spring] }).connectors!.map((c) => c.kind)).toEqual(['string', 'rope']);
  });

  it('reads pulleys typed as "x, y, z; x, y, z" and refuses anything else', () => {
    expect(parsePoints('1, 0, 3; 1.2,0,3')).toEqual([[1, 0, 3], [1.2, 0, 3]] as Vec3[]);
    expect(parsePoints('')).toEqual([]);
    expect(parsePoints('1, 0; 2, 0, 0')).toBeNull();
    expect(parsePoints('a, b, c')).toBeNull();
  });

  it("makes every spring and string template's ends rest where its parts are", () => {
    for (const template of TEMPLATES.filter((t) => ['string-pendulum', 'spring-vertical', 'spring-horizontal', 'coupled-pendula', 'atwood', 'spring-chain'].includes(t.id))) {
      const doc = template.add(emptyBuild(), template.parameter.value, [0, 0, 0], [0, 1, 0]);
      expect(doc.connectors?.length).toBeGreaterThan(0);
      for (const c of doc.connectors!) {
        for (const [id, point] of [[c.a, c.pointA], [c.b, c.pointB]] as [number, Vec3][]) {
          if (id === WORLD) continue;
          const part = doc.parts.find((p) => p.id === id)!;
          // On the part: no farther from its centre than its surface (a ball's radius, a box's half diagonal).
          const reach = part.shape === 'sphere' ? part.size[0] : Math.hypot(...part.size) / 2;
          expect(toVector(point).distanceTo(toVector(part.position))).toBeLessThanOrEqual(reach + 1e-9);
        }
      }
      expect(() => buildToScene(doc)).not.toThrow();
    }
  });

  it('loads a built rope into the engine as its segments, from end A to end B, and a built spring pulls with k(d − L₀)', async () => {
    const engine = await loadLibraryInNode();
    const doc = sample();
    const built = buildToScene(doc);
    const world = engine.createWorld(built.scene);
    const segments = world.bodies.filter((name) => name.startsWith('rope1/'));
    expect(segments).toHaveLength(10);
    // Laid straight from the ball's bottom (1, 0, 0.9) to the world point (2, 0, 0.9): segment i's centre at x = 1.05 + 0.1 i.
    segments.forEach((name, i) => {
      const p = world.bodyPose(name).position;
      expect(p[0]).toBeCloseTo(1.05 + 0.1 * i, 6);
      expect(p[2]).toBeCloseTo(0.9, 6);
    });
    // The spring starts at its rest length: no pull; the engine's ends are the built ends.
    world.step(1);
    const [spring] = world.parts();
    expect(Math.abs(spring.tension)).toBeLessThan(0.05); // a step of falling: d hardly changed
    [spring.endA, spring.endB].forEach((end, k) => end.forEach((x, i) => expect(x).toBeCloseTo([[0.1, 0, 1.9], [1, 0, 1]][k][i], 3)));
    world.dispose();
    // Its rest length set shorter in build mode: it pulls with k (d − L₀) at once.
    const shorter = { ...doc, connectors: doc.connectors!.map((c) => (c.kind === 'spring' ? { ...c, restLength: 1 } : c)) };
    const pulled = engine.createWorld(buildToScene(shorter).scene);
    pulled.step(1); // the tension is the one held over the last step
    expect(pulled.parts()[0].tension).toBeCloseTo(50 * (Math.hypot(0.9, 0.9) - 1), 2);
    pulled.dispose();
  });
});
