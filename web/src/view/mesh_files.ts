// Mesh files drawn in place of a convex shape's hull (the shape's `mesh`: an OBJ or STL file by
// URL, and the scale into the shape frame). Each file is fetched and parsed once; the hull stays
// drawn until the file arrives, and for good when it cannot be read.
import * as THREE from 'three';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import type { ShapeInfo } from 'featherweight-wasm/featherweight.js';

const files = new Map<string, Promise<THREE.BufferGeometry | null>>();

/** The file's triangles as one geometry of positions, or null (and a warning) when it cannot be read. */
async function parse(url: string): Promise<THREE.BufferGeometry | null> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (/\.stl$/i.test(url)) return new STLLoader().parse(await response.arrayBuffer());
    const parts: THREE.BufferGeometry[] = [];
    new OBJLoader().parse(await response.text()).traverse((o) => {
      if (o instanceof THREE.Mesh) {
        const geometry = new THREE.BufferGeometry();
        geometry.setAttribute('position', (o.geometry as THREE.BufferGeometry).getAttribute('position'));
        parts.push(geometry);
      }
    });
    return parts.length > 0 ? mergeGeometries(parts) : null;
  } catch (error) {
    console.warn(`mesh ${url} is drawn as its hull: ${(error as Error).message}`);
    return null;
  }
}

/** Swaps `mesh`'s hull for the shape's mesh file once it is loaded; `loaded` is called then. */
export function drawMeshFile(mesh: THREE.Mesh, shape: ShapeInfo, loaded: () => void): void {
  if (!shape.mesh) return;
  const { url, scale } = shape.mesh;
  if (!files.has(url)) files.set(url, parse(url));
  void files.get(url)!.then((geometry) => {
    if (!geometry || !mesh.parent) return; // unreadable, or the scene was replaced meanwhile
    const drawn = geometry.clone().scale(...scale);
    drawn.computeVertexNormals();
    mesh.geometry.dispose();
    mesh.geometry = drawn;
    loaded();
  });
}
