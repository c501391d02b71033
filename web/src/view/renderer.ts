// The Three.js side: a Z-up world with lights, shadows and a ground grid, one Object3D per
// body holding one mesh per shape, except that many bodies of one identical shape (a pile of
// boxes) share one InstancedMesh: one draw call instead of hundreds. Poses are copied in from
// the engine's buffer every frame.
import * as THREE from 'three';
import { ConvexGeometry } from 'three/addons/geometries/ConvexGeometry.js';
import type { BodyInfo, ShapeInfo } from 'featherweight-wasm/featherweight.js';
import { POSE } from '../../../lib/views';
import { splitAlpha } from './css_alpha';
import { drawMeshFile } from './mesh_files';
import { ViewCameras, type CameraSetup, type ViewPreset } from './view_cameras';

export type { CameraSetup, ViewPreset } from './view_cameras';

/** A frame with nothing new is still drawn after this long (ms): no missed change lasts longer. */
const IDLE_REDRAW_MS = 1000;

/** From this many bodies of one identical single shape on, they are drawn instanced. */
const INSTANCING_THRESHOLD = 16;
/** A site's marker: a small sphere (m), in a colour no shape takes by default. */
const SITE_RADIUS = 0.012;
const SITE_COLOR = 0xff8800;

/** Bodies drawn as instances of one mesh: instance k is body `bodies[k]`, its shape at `local`. */
interface InstancedGroup {
  mesh: THREE.InstancedMesh;
  bodies: number[];
  local: THREE.Matrix4;
}

export class Renderer {
  readonly scene = new THREE.Scene();
  private readonly webgl: THREE.WebGLRenderer;
  private readonly cameras: ViewCameras;
  private bodies: THREE.Object3D[] = [];
  private instanced: InstancedGroup[] = [];
  private readonly bodyGroup = new THREE.Group();
  private readonly scratch = new THREE.Matrix4();
  // What the last drawn frame showed (render() draws only when something differs).
  private drawnCamera = new Array<number>(16).fill(NaN);
  private drawnProjection = new Array<number>(16).fill(NaN);
  private drawnPoses = new Float32Array(0);
  private drawnAt = -Infinity;
  private framesToDraw = 2;
  private viewCenter: { x: number; y: number } | null = null;

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.webgl = new THREE.WebGLRenderer({ canvas, antialias: true });
    this.webgl.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.webgl.shadowMap.enabled = true;
    this.webgl.shadowMap.type = THREE.PCFShadowMap;
    this.scene.background = new THREE.Color('#e9edf1');
    this.scene.fog = new THREE.Fog('#e9edf1', 15, 60); // melts the floor's edge into the sky

    this.cameras = new ViewCameras(canvas);
    this.cameras.onViewChange(() => this.invalidate());

    this.addLightsAndGround();
    this.scene.add(this.bodyGroup);
    this.resize();
    window.addEventListener('resize', () => this.resize());
  }

  private addLightsAndGround(): void {
    this.scene.add(new THREE.HemisphereLight('#ffffff', '#b9c2cc', 1.6));
    const sun = new THREE.DirectionalLight('#ffffff', 2.2);
    sun.position.set(4, -6, 10);
    sun.castShadow = true;
    sun.shadow.mapSize.set(2048, 2048);
    const s = sun.shadow.camera;
    s.left = s.bottom = -8;
    s.right = s.top = 8;
    s.near = 0.5;
    s.far = 40;
    this.scene.add(sun);

    const ground = new THREE.Mesh(
      new THREE.PlaneGeometry(200, 200),
      // Pushed back in depth so the grid lines drawn on it never flicker into it.
      new THREE.MeshStandardMaterial({ color: '#dfe4e9', roughness: 1, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 }),
    );
    ground.receiveShadow = true;
    this.scene.add(ground);
    const grid = new THREE.GridHelper(20, 40, '#8d99a5', '#bcc5ce');
    grid.rotation.x = Math.PI / 2; // GridHelper lies in XZ; ours is the XY floor
    grid.position.z = 0.002;
    this.scene.add(grid);
  }

  /** Replaces the drawn bodies with the scene's. */
  setBodies(infos: BodyInfo[]): void {
    this.invalidate();
    for (const body of this.bodies) {
      body.traverse((o) => {
        if (o instanceof THREE.Mesh) {
          o.geometry.dispose();
          (o.material as THREE.Material).dispose();
        }
      });
    }
    for (const group of this.instanced) {
      group.mesh.geometry.dispose();
      (group.mesh.material as THREE.Material).dispose();
      group.mesh.dispose();
    }
    this.bodyGroup.clear();
    // Single-shape bodies grouped by everything that makes them look alike.
    const alike = new Map<string, number[]>();
    infos.forEach((info, i) => {
      if (info.shapes.length !== 1 || info.shapes[0].type === 'plane') return;
      const key = JSON.stringify(info.shapes[0]);
      alike.set(key, [...(alike.get(key) ?? []), i]);
    });
    const instancedBody = new Set<number>();
    this.instanced = [];
    for (const members of alike.values()) {
      if (members.length < INSTANCING_THRESHOLD) continue;
      const template = meshFor(infos[members[0]].shapes[0]);
      const mesh = new THREE.InstancedMesh(template.geometry, template.material, members.length);
      mesh.castShadow = template.castShadow;
      mesh.receiveShadow = true;
      mesh.visible = template.visible;
      mesh.frustumCulled = false; // the instances move; their bounds are not kept up to date
      mesh.userData.instancedBodies = members;
      template.updateMatrix();
      this.instanced.push({ mesh, bodies: members, local: template.matrix.clone() });
      this.bodyGroup.add(mesh);
      for (const b of members) instancedBody.add(b);
    }
    this.bodies = infos.map((info, i) => {
      const body = new THREE.Object3D();
      body.name = info.name;
      if (!instancedBody.has(i)) {
        for (const shape of info.shapes) {
          const mesh = meshFor(shape);
          body.add(mesh);
          drawMeshFile(mesh, shape, () => this.invalidate());
        }
      }
      this.bodyGroup.add(body);
      return body;
    });
  }

  /** Small markers at the scene's sites (named frames on bodies: MJCF sites), carried by their bodies. */
  setSites(sites: readonly { body: number; position: readonly number[] }[]): void {
    for (const site of sites) {
      const marker = new THREE.Mesh(new THREE.SphereGeometry(SITE_RADIUS, 12, 8), new THREE.MeshStandardMaterial({ color: SITE_COLOR }));
      marker.position.set(site.position[0], site.position[1], site.position[2]);
      this.bodies[site.body]?.add(marker);
    }
    this.invalidate();
  }

  /** The camera shown now: the perspective one, or the orthographic one of a flat view (front, side, top). */
  get camera(): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    return this.cameras.camera;
  }

  /** The view shown now: 'perspective' or a flat one. */
  get view(): ViewPreset {
    return this.cameras.view;
  }

  /** Switches between the perspective view and the flat ones, about the same target. */
  setView(preset: ViewPreset): void {
    this.cameras.setView(preset);
  }

  /** Calls `listener` after every switch of view (the camera object is another one then). */
  onViewChange(listener: () => void): void {
    this.cameras.onViewChange(listener);
  }

  /** The view as it is now, in the scene's `camera` form. */
  cameraSetup(): CameraSetup {
    return this.cameras.setup();
  }

  setCamera(setup: CameraSetup | undefined): void {
    this.cameras.set(setup);
  }

  /** Where the view orbits about. */
  get target(): THREE.Vector3 {
    return this.cameras.target;
  }

  /** Puts the perspective camera at `position` looking at `target` (the orbit turns about it), far enough out for the scene. */
  placeCamera(target: THREE.Vector3, position: THREE.Vector3): void {
    this.cameras.placePerspective(target, position);
  }

  /** A flat view: looks at `target` showing `halfHeight` metres above and below it, from `depth` metres away. */
  placeFlat(target: THREE.Vector3, halfHeight: number, depth?: number): void {
    this.cameras.placeFlat(target, halfHeight, depth);
  }

  /**
   * Where the camera's axis meets the canvas, in CSS pixels from its top-left corner: the middle
   * of the part of the view that no panel covers (a view offset; the whole canvas is still drawn).
   */
  setViewCenter(x: number, y: number): void {
    this.viewCenter = { x, y };
    this.applyViewCenter();
  }

  private applyViewCenter(): void {
    const w = this.canvas.clientWidth || window.innerWidth;
    const h = this.canvas.clientHeight || window.innerHeight;
    this.cameras.resize(w, h, this.viewCenter);
  }

  /** Calls `listener` when the person starts turning, panning or zooming the view. */
  onOrbitStart(listener: () => void): void {
    this.cameras.controls.addEventListener('start', listener);
  }

  /** Moves the orbit target to a point, the camera along with it (the view's offset is kept). */
  moveTargetTo(point: THREE.Vector3): void {
    this.cameras.moveTargetTo(point);
  }

  /** Tints the selected body's shapes (−1: none). */
  setSelected(index: number): void {
    this.invalidate();
    for (const group of this.instanced) {
      if (!group.mesh.instanceColor) group.mesh.setColorAt(0, new THREE.Color('#ffffff'));
      group.bodies.forEach((b, k) => group.mesh.setColorAt(k, new THREE.Color(b === index ? '#8fb0f0' : '#ffffff')));
      group.mesh.instanceColor!.needsUpdate = true;
    }
    this.bodies.forEach((body, i) =>
      body.traverse((o) => {
        if (o instanceof THREE.Mesh && o.material instanceof THREE.MeshStandardMaterial) {
          o.material.emissive.set(i === index ? '#3a5fa8' : '#000000');
        }
      }),
    );
  }

  /** The body objects and instanced meshes, for picking. */
  bodyObjects(): THREE.Object3D[] {
    return [...this.bodies, ...this.instanced.map((g) => g.mesh)];
  }

  /** Index of the body an object (a shape mesh, or instance `instanceId` of one) belongs to, or −1. */
  bodyIndexOf(object: THREE.Object3D, instanceId?: number): number {
    const members = object.userData.instancedBodies as number[] | undefined;
    if (members && instanceId !== undefined) return members[instanceId] ?? -1;
    for (let o: THREE.Object3D | null = object; o; o = o.parent) {
      const index = this.bodies.indexOf(o);
      if (index >= 0) return index;
    }
    return -1;
  }

  setOrbitEnabled(enabled: boolean): void {
    this.cameras.controls.enabled = enabled;
  }

  /** Build mode: one finger places, selects and moves, so the view orbits with two (and pinches). */
  setTwoFingerOrbit(on: boolean): void {
    this.cameras.setTwoFingerOrbit(on);
  }

  /** Draws body `index` at `matrix` instead of its engine pose until the next applyPoses (build mode's previews). */
  setBodyMatrix(index: number, matrix: THREE.Matrix4): void {
    const body = this.bodies[index];
    if (!body) return;
    this.invalidate();
    matrix.decompose(body.position, body.quaternion, body.scale);
    for (const group of this.instanced) {
      const k = group.bodies.indexOf(index);
      if (k < 0) continue;
      group.mesh.setMatrixAt(k, this.scratch.multiplyMatrices(matrix, group.local));
      group.mesh.instanceMatrix.needsUpdate = true;
    }
  }

  /** What is drawn of body `index` (for the tests): its object's world pose (x y z qx qy qz qw) and the box of its meshes. */
  describeBody(index: number): { pose: number[]; box: { min: number[]; max: number[] } } | null {
    const body = this.bodies[index];
    if (!body) return null;
    body.updateMatrixWorld(true);
    const position = new THREE.Vector3(), rotation = new THREE.Quaternion();
    body.matrixWorld.decompose(position, rotation, new THREE.Vector3());
    const box = new THREE.Box3().setFromObject(body, true);
    // A body drawn as an instance has no mesh of its own: its instance's geometry where it is drawn.
    for (const group of this.instanced) {
      if (!group.bodies.includes(index)) continue;
      const geometry = group.mesh.geometry;
      if (!geometry.boundingBox) geometry.computeBoundingBox();
      box.union(geometry.boundingBox!.clone().applyMatrix4(this.scratch.multiplyMatrices(body.matrixWorld, group.local)));
    }
    return { pose: [...position.toArray(), ...rotation.toArray()], box: { min: box.min.toArray(), max: box.max.toArray() } };
  }

  /** Draw calls and triangles of the last frame drawn (for the tests). */
  drawnLastFrame(): { calls: number; triangles: number } {
    const { calls, triangles } = this.webgl.info.render;
    return { calls, triangles };
  }

  /** Where a world point appears on the canvas, in CSS pixels from its top-left corner. */
  toScreen(point: THREE.Vector3): { x: number; y: number } {
    this.camera.updateMatrixWorld(); // a view placed since the last frame is not drawn yet
    const p = point.clone().project(this.camera);
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }

  /** Copies poses (x, y, z, qx, qy, qz, qw per body) into the body objects. */
  applyPoses(poses: Float32Array): void {
    for (let i = 0; i < this.bodies.length; i++) {
      const o = i * POSE.stride;
      const body = this.bodies[i];
      body.position.set(poses[o + POSE.x], poses[o + POSE.y], poses[o + POSE.z]);
      body.quaternion.set(poses[o + POSE.qx], poses[o + POSE.qy], poses[o + POSE.qz], poses[o + POSE.qw]);
    }
    for (const group of this.instanced) {
      group.bodies.forEach((b, k) => {
        const body = this.bodies[b];
        body.updateMatrix();
        group.mesh.setMatrixAt(k, this.scratch.multiplyMatrices(body.matrix, group.local));
      });
      group.mesh.instanceMatrix.needsUpdate = true;
    }
  }

  /** Something besides the poses and the camera changed what is drawn (an input, a scene, a tint): draw the next frames. */
  invalidate(): void {
    this.framesToDraw = 2;
  }

  /**
   * Draws a frame, unless nothing that shows has changed since the last one drawn: the camera, the
   * poses and whatever invalidate() was told of. A page that stands still (paused, building) then
   * costs next to nothing; it is drawn again at least once a second all the same.
   */
  render(poses: Float32Array, now: number): void {
    this.cameras.controls.update();
    this.camera.updateMatrixWorld();
    // The orbit controls recompute the camera every update, which moves it by round-off alone.
    // Both compared (not ||), so that each kept copy stays current.
    const turned = this.differs(this.drawnCamera, this.camera.matrixWorld.elements, 1e-9);
    const zoomed = this.differs(this.drawnProjection, this.camera.projectionMatrix.elements, 1e-9);
    const moved = turned || zoomed;
    const posed = this.differs(this.drawnPoses, poses, 0);
    if (!moved && !posed && this.framesToDraw === 0 && now - this.drawnAt < IDLE_REDRAW_MS) return;
    if (posed && this.drawnPoses.length !== poses.length) this.drawnPoses = poses.slice();
    this.framesToDraw = Math.max(0, this.framesToDraw - 1);
    this.drawnAt = now;
    this.webgl.render(this.scene, this.camera);
  }

  /** Whether `now` differs from `kept` by more than `tolerance` (relative); copies it into `kept` when both have one length. */
  private differs(kept: Float32Array | number[], now: ArrayLike<number>, tolerance: number): boolean {
    if (kept.length !== now.length) return true;
    let differ = false;
    for (let i = 0; i < now.length; i++) {
      if (!(Math.abs(kept[i] - now[i]) <= tolerance * (1 + Math.abs(now[i])))) {
        differ = true;
        kept[i] = now[i];
      }
    }
    return differ;
  }

  private resize(): void {
    this.invalidate();
    const w = this.canvas.clientWidth || window.innerWidth;
    const h = this.canvas.clientHeight || window.innerHeight;
    this.webgl.setSize(w, h, false);
    this.applyViewCenter();
  }
}

function meshFor(shape: ShapeInfo): THREE.Mesh {
  let geometry: THREE.BufferGeometry;
  const r = shape.radius ?? 0.1;
  switch (shape.type) {
    case 'sphere':
      geometry = new THREE.SphereGeometry(r, 32, 16);
      break;
    case 'box': {
      const [x, y, z] = shape.size ?? [0.1, 0.1, 0.1];
      geometry = new THREE.BoxGeometry(x, y, z);
      break;
    }
    case 'cylinder':
      geometry = new THREE.CylinderGeometry(r, r, shape.length ?? 0.1, 32).rotateX(Math.PI / 2);
      break;
    case 'capsule':
      geometry = new THREE.CapsuleGeometry(r, shape.length ?? 0.1, 8, 24).rotateX(Math.PI / 2);
      break;
    case 'convex':
      geometry = shape.points && shape.points.length >= 4
        ? new ConvexGeometry(shape.points.map((p) => new THREE.Vector3(...p)))
        : new THREE.SphereGeometry(0.02);
      break;
    case 'plane': {
      // The half-space z ≤ 0 of its frame: a large translucent square on its surface (the floor
      // grid stays visible through one at z = 0).
      const mesh = new THREE.Mesh(
        new THREE.PlaneGeometry(40, 40),
        new THREE.MeshStandardMaterial({ color: splitAlpha(shape.color).color, roughness: 1, transparent: true, opacity: 0.25, depthWrite: false }),
      );
      mesh.receiveShadow = true;
      mesh.userData.pickable = false; // clicks go through to the orbit controls
      mesh.position.set(...shape.position);
      const [w, x, y, z] = shape.quaternion;
      mesh.quaternion.set(x, y, z, w);
      return mesh;
    }
    default:
      geometry = new THREE.SphereGeometry(0.02); // shapes the engine does not report yet
  }
  // A colour's alpha: translucent, or not drawn at all at 0 (MJCF geoms MuJoCo's viewer hides).
  const { color, alpha } = splitAlpha(shape.color);
  const mesh = new THREE.Mesh(
    geometry,
    new THREE.MeshStandardMaterial({ color, roughness: 0.55, metalness: 0.05, transparent: alpha < 1, opacity: alpha }),
  );
  mesh.visible = alpha > 0;
  mesh.castShadow = alpha === 1;
  mesh.receiveShadow = true;
  mesh.position.set(...shape.position);
  const [w, x, y, z] = shape.quaternion;
  mesh.quaternion.set(x, y, z, w);
  return mesh;
}
