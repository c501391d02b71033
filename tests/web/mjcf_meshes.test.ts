// MJCF mesh assets through the converter: OBJ and STL (binary and ASCII) files and inline
// vertices become convex shapes (the mesh's hull, at most 64 points) drawn as the file; a mesh
// box weighs what MuJoCo (mujoco-js) gives it and, dropped on a floor, rests at its half-height.
import { beforeAll, describe, expect, it } from 'vitest';
import * as THREE from 'three';
import type { FeatherweightModule } from 'featherweight-wasm/featherweight.js';
import { mjcfFiles, mjcfToScene } from '../../web/src/mjcf/mjcf_to_scene';
import { MAX_HULL_POINTS } from '../../web/src/mjcf/mjcf_meshes';
import { sceneToMjcf } from '../../web/src/export/mjcf_export';
import { loadEngineInNode } from './engine';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Vec3 = [number, number, number];

let engine: FeatherweightModule;
beforeAll(async () => {
  engine = await loadEngineInNode();
});

const HALF: Vec3 = [0.1, 0.2, 0.3];

/** A box's 12 triangles (outward), as lists of three corners. */
function boxTriangles([a, b, c]: Vec3): Vec3[][] {
  const geometry = new THREE.BoxGeometry(2 * a, 2 * b, 2 * c).toNonIndexed();
  const p = geometry.getAttribute('position');
  const triangles: Vec3[][] = [];
  for (let i = 0; i < p.count; i += 3) triangles.push([0, 1, 2].map((k) => [p.getX(i + k), p.getY(i + k), p.getZ(i + k)] as Vec3));
  return triangles;
}

function objText(triangles: Vec3[][]): string {
  const lines = triangles.flat().map((v) => `v ${v.join(' ')}`);
  triangles.forEach((_, t) => lines.push(`f ${3 * t + 1} ${3 * t + 2} ${3 * t + 3}`));
  return `# box\n${lines.join('\n')}\n`;
}

function asciiStl(triangles: Vec3[][]): string {
  const facets = triangles.map((t) => `facet normal 0 0 0\n outer loop\n${t.map((v) => `  vertex ${v.join(' ')}`).join('\n')}\n endloop\nendfacet`);
  return `solid box\n${facets.join('\n')}\nendsolid box\n`;
}

function binaryStl(triangles: Vec3[][]): Uint8Array {
  const view = new DataView(new ArrayBuffer(84 + 50 * triangles.length));
  view.setUint32(80, triangles.length, true);
  triangles.forEach((t, i) => t.flat().forEach((x, k) => view.setFloat32(84 + 50 * i + 12 + 4 * k, x, true)));
  return new Uint8Array(view.buffer);
}

const model = (meshes: string, geom: string) => `<mujoco model="meshes">
  <compiler meshdir="assets"/>
  <option timestep="0.002"/>
  <asset>${meshes}</asset>
  <worldbody>
    <geom name="floor" type="plane" size="0 0 0.05"/>
    <body name="crate" pos="0 0 1"><freejoint/><geom ${geom}/></body>
  </worldbody>
</mujoco>`;

const crate = (scene: Json) => scene.articulations[0].links[0].shapes[0] as Json;
const sorted = (points: Vec3[]) => points.map((p) => p.map((x) => Number(x.toFixed(6)))).sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);

describe('MJCF meshes', () => {
  const triangles = boxTriangles(HALF);
  const corners = sorted(triangles.flat());
  const files = mjcfFiles({ 'assets/box.obj': objText(triangles), 'assets/box.stl': binaryStl(triangles), 'assets/text.stl': asciiStl(triangles) });

  it('OBJ, binary STL and ASCII STL boxes become the same 8-point hull, drawn from the file', () => {
    for (const file of ['box.obj', 'box.stl', 'text.stl']) {
      const { scene } = mjcfToScene(model(`<mesh name="m" file="${file}"/>`, 'type="mesh" mesh="m"'), 'models/crate/crate.xml', files);
      const shape = crate(scene as Json);
      expect(shape.type).toBe('convex');
      expect(new Set(sorted(shape.points).map(String)).size).toBe(8);
      expect(sorted(shape.points).filter((p, i, all) => i === 0 || String(p) !== String(all[i - 1]))).toEqual(corners.filter((p, i, all) => i === 0 || String(p) !== String(all[i - 1])));
      expect(shape.mesh).toEqual({ url: `models/crate/assets/${file}` });
    }
  });

  it('scale, the default name, inline vertices, and the errors that name the place', () => {
    const { scene } = mjcfToScene(model('<mesh file="box.obj" scale="2 2 2"/>', 'type="mesh" mesh="box"'), 'crate.xml', files);
    expect(Math.max(...crate(scene as Json).points.map((p: Vec3) => p[2]))).toBe(0.6);
    expect(crate(scene as Json).mesh).toEqual({ url: 'assets/box.obj', scale: [2, 2, 2] });
    const inline = mjcfToScene(model('<mesh name="t" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>', 'type="mesh" mesh="t"'), 'crate.xml').scene as Json;
    expect(crate(inline).points).toHaveLength(4);
    expect(crate(inline).mesh).toBeUndefined();
    expect(() => mjcfToScene(model('<mesh file="gone.obj"/>', 'type="mesh" mesh="gone"'), 'crate.xml', files)).toThrow(/body "crate"\/geom "1": mesh "gone" collides, but "assets\/gone.obj" is not among the model's files/);
    expect(() => mjcfToScene(model('<mesh file="box.obj"/>', 'type="mesh" mesh="nope"'), 'crate.xml', files)).toThrow(/body "crate"\/geom.*mesh "nope" is not among/);
    expect(() => mjcfToScene(model('<mesh name="flat" vertex="0 0 0 1 0 0 0 1 0 1 1 0"/>', 'type="mesh" mesh="flat"'), 'crate.xml')).toThrow(/one plane/);
    // Without its files a mesh that is only drawn is left out with a notice; one that collides is an error.
    const drawn = mjcfToScene(model('<mesh file="box.obj"/>', 'type="mesh" mesh="box" contype="0" conaffinity="0" mass="1"'), 'crate.xml');
    expect(drawn.notices.join('\n')).toMatch(/mesh "box": the model was opened without its files .*: the geoms that draw mesh "box" are left out/);
    expect((drawn.scene as Json).articulations[0].links[0].shapes).toBeUndefined();
    expect(() => mjcfToScene(model('<mesh file="box.obj"/>', 'type="mesh" mesh="box"'), 'crate.xml')).toThrow(/mesh "box" collides, but the model was opened without its files/);
  });

  it(`a mesh of many vertices collides as its hull cut to ${MAX_HULL_POINTS} points, with a notice of how far`, () => {
    const sphere = new THREE.SphereGeometry(0.5, 48, 32).toNonIndexed().getAttribute('position');
    const tris: Vec3[][] = [];
    for (let i = 0; i < sphere.count; i += 3) tris.push([0, 1, 2].map((k) => [sphere.getX(i + k), sphere.getY(i + k), sphere.getZ(i + k)] as Vec3));
    const { scene, notices } = mjcfToScene(model('<mesh file="ball.obj"/>', 'type="mesh" mesh="ball"'), 'ball.xml', mjcfFiles({ 'assets/ball.obj': objText(tris) }));
    const points = crate(scene as Json).points as Vec3[];
    expect(points).toHaveLength(MAX_HULL_POINTS);
    for (const p of points) expect(Math.hypot(...p)).toBeCloseTo(0.5, 6); // hull points are the mesh's own
    const gap = Number(/lie within ([\d.e+-]+) mm/.exec(notices.join('\n'))?.[1]);
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThan(60); // of a 500 mm radius
  });

  it('a mesh box weighs its volume times its density, as in MuJoCo', async () => {
    const xml = model('<mesh file="box.obj"/>', 'type="mesh" mesh="box" density="500"');
    const sim = new engine.Simulation();
    try {
      expect(sim.load(JSON.stringify(mjcfToScene(xml, 'crate.xml', files).scene))).toBe('');
      const body = (JSON.parse(sim.bodiesJson()) as Json[]).find((b) => b.name.split('/')[0] === 'crate')!;
      expect(body.mass).toBeCloseTo(500 * 8 * HALF[0] * HALF[1] * HALF[2], 9);
      expect(body.shapes[0].mesh).toEqual({ url: 'assets/box.obj', scale: [1, 1, 1] });
    } finally {
      sim.delete();
    }
    const M = (await import('mujoco-js')).default as unknown as () => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const mj = await M();
    mj.FS.mkdir('/meshes');
    mj.FS.mkdir('/meshes/assets');
    mj.FS.writeFile('/meshes/assets/box.obj', objText(triangles));
    mj.FS.writeFile('/meshes/crate.xml', xml);
    const m = mj.MjModel.loadFromXML('/meshes/crate.xml');
    // Exported, the hull is a mesh of its points (the drawn file is listed as not written), which
    // MuJoCo weighs the same, and which converts back to the same points.
    const { xml: exported, unsupported } = sceneToMjcf(mjcfToScene(xml, 'crate.xml', files).scene as Json);
    expect(unsupported.join('\n')).toMatch(/the drawn mesh file/);
    mj.FS.writeFile('/meshes/exported.xml', exported);
    const back = mj.MjModel.loadFromXML('/meshes/exported.xml');
    try {
      expect((m.body_mass as Float64Array)[1]).toBeCloseTo(500 * 8 * HALF[0] * HALF[1] * HALF[2], 4); // its vertices are floats
      expect((back.body_mass as Float64Array)[1]).toBeCloseTo(500 * 8 * HALF[0] * HALF[1] * HALF[2], 4);
      expect(sorted(crate(mjcfToScene(exported, 'exported.xml').scene as Json).points)).toEqual(sorted(crate(mjcfToScene(xml, 'crate.xml', files).scene as Json).points));
    } finally {
      m.delete();
      back.delete();
    }
  });

  it('a mesh box dropped on the floor rests at its half-height', () => {
    const { scene } = mjcfToScene(model('<mesh file="box.stl"/>', 'type="mesh" mesh="box"'), 'crate.xml', files);
    const sim = new engine.Simulation();
    try {
      expect(sim.load(JSON.stringify(scene))).toBe('');
      const index = (JSON.parse(sim.bodiesJson()) as Json[]).findIndex((b) => b.name.split('/')[0] === 'crate');
      expect(index).toBeGreaterThanOrEqual(0);
      sim.step(1500); // 3 s: a 0.7 m fall and settling
      expect(sim.stepError()).toBe('');
      const pose = Array.from(new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(index), 7));
      expect(Math.abs(pose[2] - HALF[2])).toBeLessThan(2e-3);
      expect(Math.hypot(pose[0], pose[1])).toBeLessThan(1e-3); // it fell straight
    } finally {
      sim.delete();
    }
  });
});
