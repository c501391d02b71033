#!/usr/bin/env node
// Decimates mesh files (OBJ, or STL binary or ASCII) into small OBJ files for the page to
// download, under the same names (an STL becomes an OBJ): vertices welded, triangles simplified
// by meshoptimizer down to --triangles each unless that would move the surface by more than
// --error times the mesh's size (meshoptimizer stops at whichever comes first), coordinates
// written with 6 significant digits, normals and texture coordinates dropped. Used for the
// shipped Menagerie robots (public/models/menagerie/*/README.md says how).
//
//   node scripts/decimate-meshes.mjs --out DIR [--triangles 1500] [--error 0.002] FILE…
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as THREE from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { mergeGeometries, mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { MeshoptSimplifier } from 'meshoptimizer';

function options(argv) {
  const o = { out: '', triangles: 1500, error: 0.002, files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') o.out = argv[++i];
    else if (argv[i] === '--triangles') o.triangles = Number(argv[++i]);
    else if (argv[i] === '--error') o.error = Number(argv[++i]);
    else o.files.push(argv[i]);
  }
  if (!o.out || o.files.length === 0 || !(o.triangles >= 4) || !(o.error >= 0)) {
    console.error('usage: node scripts/decimate-meshes.mjs --out DIR [--triangles N] [--error E] FILE…');
    process.exit(2);
  }
  return o;
}

/** The file's triangles as one welded, indexed geometry of positions. */
function readMesh(file) {
  const bytes = readFileSync(file);
  const parts = [];
  if (/\.stl$/i.test(file)) parts.push(new STLLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
  else {
    new OBJLoader().parse(bytes.toString('utf8')).traverse((o) => {
      if (o instanceof THREE.Mesh) parts.push(o.geometry);
    });
  }
  const positions = parts.map((g) => {
    const only = new THREE.BufferGeometry();
    only.setAttribute('position', g.getAttribute('position'));
    return only;
  });
  return mergeVertices(mergeGeometries(positions), 1e-7);
}

const number = (x) => String(Number(x.toPrecision(6)) + 0);

function writeObj(file, positions, indices, source) {
  const used = new Map();
  const lines = [`# ${source}, decimated by scripts/decimate-meshes.mjs`];
  const vertex = (i) => {
    if (!used.has(i)) {
      used.set(i, used.size + 1);
      lines.push(`v ${number(positions[3 * i])} ${number(positions[3 * i + 1])} ${number(positions[3 * i + 2])}`);
    }
    return used.get(i);
  };
  const faces = [];
  for (let t = 0; t < indices.length; t += 3) faces.push(`f ${vertex(indices[t])} ${vertex(indices[t + 1])} ${vertex(indices[t + 2])}`);
  writeFileSync(file, `${lines.concat(faces).join('\n')}\n`);
  return { vertices: used.size, triangles: faces.length };
}

const o = options(process.argv.slice(2));
await MeshoptSimplifier.ready;
mkdirSync(o.out, { recursive: true });
for (const file of o.files) {
  const mesh = readMesh(file);
  const positions = new Float32Array(mesh.getAttribute('position').array);
  const indices = new Uint32Array(mesh.getIndex().array);
  const [simplified, error] = MeshoptSimplifier.simplify(indices, positions, 3, Math.min(indices.length, 3 * o.triangles), o.error, ['Prune']);
  const out = join(o.out, basename(file).replace(/\.(stl|obj)$/i, '.obj'));
  const { vertices, triangles } = writeObj(out, positions, simplified, basename(file));
  console.log(`${basename(file)}: ${indices.length / 3} → ${triangles} triangles, ${vertices} vertices, relative error ${error.toExponential(1)}`);
}
