// What is under the pointer in build mode: a ray from the camera through the pointer, and the part
// (or the ground) it hits first, with the surface's outward normal snapped to the part's faces.
import * as THREE from 'three';
import type { Renderer } from '../view/renderer';
import { cameraPlane, snapNormal } from './placement';

export interface Hit {
  part: number | null; // null: the ground
  point: THREE.Vector3;
  normal: THREE.Vector3;
}

export class BuildPick {
  readonly raycaster = new THREE.Raycaster();

  constructor(
    private readonly renderer: Renderer,
    private readonly canvas: HTMLCanvasElement,
  ) {}

  /** Aims the ray at the pointer; returns the pointer in normalized device coordinates. */
  rayAt(event: PointerEvent): THREE.Vector2 {
    const rect = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.renderer.camera);
    return ndc;
  }

  /** The part (or the ground, when there is one) under the ray; `partOfBody`: a body's part id by its name. */
  hitTest(bodyNames: string[], partOfBody: Map<string, number>, ground: boolean): Hit | null {
    const renderer = this.renderer;
    for (const hit of this.raycaster.intersectObjects(renderer.bodyObjects(), true)) {
      if (hit.object.userData.pickable === false || !hit.face) continue;
      const part = partOfBody.get(bodyNames[renderer.bodyIndexOf(hit.object, hit.instanceId)]);
      if (part === undefined) continue;
      const matrix = hit.object.matrixWorld.clone();
      if (hit.instanceId !== undefined && hit.object instanceof THREE.InstancedMesh) {
        const instance = new THREE.Matrix4();
        hit.object.getMatrixAt(hit.instanceId, instance);
        matrix.multiply(instance);
      }
      const normal = hit.face.normal.clone().applyNormalMatrix(new THREE.Matrix3().getNormalMatrix(matrix)).normalize();
      return { part, point: hit.point.clone(), normal: snapNormal(normal) };
    }
    if (ground) {
      const floor = new THREE.Plane(new THREE.Vector3(0, 0, 1), 0);
      const ray = this.raycaster.ray;
      const point = Math.abs(ray.direction.z) > 1e-6 ? ray.intersectPlane(floor, new THREE.Vector3()) : this.belowInView(floor);
      if (point) return { part: null, point, normal: new THREE.Vector3(0, 0, 1) };
    }
    return null;
  }

  /** A level ray (a flat front or side view sees the floor edge-on): the floor's point below the pointer, in the target's plane. */
  private belowInView(floor: THREE.Plane): THREE.Vector3 | null {
    const plane = cameraPlane(this.renderer.camera, this.renderer.target);
    const point = this.raycaster.ray.intersectPlane(plane, new THREE.Vector3());
    return point ? floor.projectPoint(point, point) : null;
  }
}
