// Build mode: the page as a construction kit. The simulation waits at its initial state while
// the user places parts, moves and turns them (three.js TransformControls, snapping to 0.1 m
// and 15°), joins them and sets their properties; every edit is a new BuildDoc turned into an
// ordinary scene and loaded at once (a refusal is said and the edit undone), so the editor, Share
// and the timeline see exactly what was built. Play leaves build mode and runs it.
import * as THREE from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import type { Renderer } from '../view/renderer';
import type { SceneObject } from '../scene/scene_doc';
import { POSE_STRIDE } from '../engine/body_buffer_view';
import { BuildBar, type BuildTool } from './build_bar';
import { emptyBuild, newPart, partById, withJoint, withParts, WORLD, type BuildDoc, type Part, type Vec3 } from './build_doc';
import { openConfirmDialog, openMetaDialog, openTemplateDialog } from './build_dialogs';
import { BuildHistory } from './build_history';
import { BuildProperties, type Selection } from './build_properties';
import { buildToScene, type BuiltScene } from './build_to_scene';
import { boundsOf, cameraPlane, depthAxis, restingPose, rounded, snapAnchor, snapNormal } from './placement';
import { sceneToBuild } from './scene_to_build';
import { TEMPLATES } from './templates';
import { toQuaternion } from './build_math';
import { JointMarkers } from './joint_markers';
import { VelocityHandle } from './velocity_handle';

export interface BuildHooks {
  renderer: Renderer;
  canvas: HTMLCanvasElement;
  /** Runs a built scene from its start, the view kept: '' or the loader's message (the old scene then stays). */
  run(scene: SceneObject): string;
  /** The scene running now, and the engine's body names and poses (to open it in build mode). */
  currentScene(): SceneObject;
  bodyNames(): string[];
  /** All bodies' poses as drawn (x, y, z, qx, qy, qz, qw each, float32). */
  poses(): Float32Array;
  /** One body's pose in full precision. */
  bodyPose(body: number): ArrayLike<number>;
  setPaused(paused: boolean): void;
  /** Simulated time now (build mode shows t = 0: anything that runs time leaves it). */
  time(): number;
  /** Back to the running scene's start, its recording kept (its parts are read where they start). */
  rewind(): void;
  /** Build mode takes the pointer: the grab (drag.ts) stands aside while it is on. */
  suspendGrab(suspended: boolean): void;
  activeChanged(active: boolean): void;
}

const CLICK_PIXELS = 5;
const GRID = 0.1;
const TURN_SNAP = THREE.MathUtils.degToRad(15);
const ANCHOR_SNAP = 0.1; // m: a click this near a part's centre, face centre or cap centre takes it

type Press =
  | { kind: 'click'; x: number; y: number; id: number }
  | { kind: 'slide'; x: number; y: number; id: number; plane: THREE.Plane; from: THREE.Vector3; moved: boolean }
  | { kind: 'velocity'; id: number; part: number; plane: THREE.Plane };

interface Hit {
  part: number | null; // null: the ground
  point: THREE.Vector3;
  normal: THREE.Vector3;
}

export class BuildMode {
  active = false;
  private doc: BuildDoc | null = null;
  private built: BuiltScene | null = null;
  private readonly history = new BuildHistory(emptyBuild());
  private selection: Selection = { parts: [], joints: [] };
  private tool: BuildTool = { kind: 'select' };
  private jointPick: { a?: number; b?: number } = {};
  private snap = true;
  private lastRun = ''; // the scene text build mode last ran: the running scene is still its own while equal
  private press: Press | null = null;
  private readonly pointers = new Set<number>(); // down now: with two, a touch is the view's
  /** Parts being moved, as the engine's body indices, and how they move: drawn so every frame. */
  private preview: { bodies: number[]; delta: THREE.Matrix4 } | null = null;
  private readonly scratch = { matrix: new THREE.Matrix4(), position: new THREE.Vector3(), rotation: new THREE.Quaternion(), unit: new THREE.Vector3(1, 1, 1) };
  private readonly raycaster = new THREE.Raycaster();
  private readonly gizmo: TransformControls;
  private readonly proxy = new THREE.Object3D();
  private readonly proxyStart = new THREE.Matrix4();
  private readonly markers: JointMarkers;
  private readonly velocity: VelocityHandle;
  private readonly bar: BuildBar;
  private readonly properties: BuildProperties;
  private message = '';
  private running = false; // while a built scene loads (sceneChanged then is our own doing)

  constructor(private readonly host: HTMLElement, private readonly propertiesHost: HTMLElement, private readonly hooks: BuildHooks) {
    const { renderer, canvas } = hooks;
    this.bar = new BuildBar(host, {
      newScene: () => this.newScene(),
      tool: (tool) => this.setTool(tool),
      gizmo: (mode) => this.setGizmoMode(mode),
      snap: (on) => this.setSnap(on),
      templates: () => this.openTemplates(),
      duplicate: () => this.duplicate(),
      remove: () => this.remove(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      meta: () => this.openMeta(),
      done: () => this.leave(),
    });
    this.properties = new BuildProperties(propertiesHost, {
      edit: (change) => this.doc && this.commit(change(this.doc)),
      duplicate: () => this.duplicate(),
      remove: () => this.remove(),
      meta: () => this.openMeta(),
    });
    this.markers = new JointMarkers(renderer.scene);
    this.velocity = new VelocityHandle(renderer.scene);
    renderer.scene.add(this.proxy);
    this.gizmo = new TransformControls(renderer.camera, canvas);
    this.showGizmo(false);
    renderer.scene.add(this.gizmo.getHelper());
    this.setSnap(true);
    this.gizmo.addEventListener('dragging-changed', (event) => {
      renderer.setOrbitEnabled(!event.value);
      if (event.value) this.proxyStart.copy(this.proxy.matrixWorld);
    });
    this.gizmo.addEventListener('objectChange', () => this.gizmoMoved(false));
    this.gizmo.addEventListener('mouseUp', () => this.gizmoMoved(true));
    canvas.addEventListener('pointerdown', (e) => this.down(e), { capture: true });
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.up(e));
    canvas.addEventListener('pointercancel', (e) => {
      this.pointers.delete(e.pointerId);
      this.cancelPress();
    });
    window.addEventListener('keydown', (e) => this.key(e), { capture: true });
    this.setGizmoMode('translate');
    this.showActive();
  }

  /** Opens build mode on the running scene: its own last scene, one it can read, or none (New). */
  enter(): void {
    if (this.active) return;
    this.active = true;
    this.hooks.setPaused(true);
    const current = this.hooks.currentScene();
    if (this.doc && JSON.stringify(current) === this.lastRun) {
      this.commit(this.doc, false); // from its initial state again
    } else {
      this.hooks.rewind();
      const opened = sceneToBuild(current, this.hooks.bodyNames(), (body) => this.hooks.bodyPose(body));
      if ('doc' in opened) {
        this.history.reset(opened.doc);
        this.commit(opened.doc, false);
        this.message = 'Build mode: click a part to select it, or pick a shape and click where it goes.';
      } else {
        this.doc = null;
        this.built = null;
        this.history.reset(emptyBuild()); // no undo into an earlier build over this scene
        this.message = `This scene cannot be edited here (${opened.reason}). New starts an empty one; until then this scene stays as it is.`;
      }
    }
    this.showActive();
  }

  /** Leaves build mode; the built scene stays loaded. */
  leave(): void {
    if (!this.active) return;
    this.active = false;
    this.cancelPress();
    this.select({ parts: [], joints: [] });
    this.showActive();
  }

  toggle(): void {
    if (this.active) this.leave();
    else this.enter();
  }

  /** A scene was loaded from elsewhere (the gallery, the editor, a link): build mode lets it be. */
  sceneChanged(scene: SceneObject): void {
    if (this.active && !this.running && JSON.stringify(scene) !== this.lastRun) {
      this.leave();
    }
  }

  /** Each frame, after the engine's poses were drawn: a part being moved is drawn where it goes. */
  drawn(): void {
    if (this.active && this.hooks.time() > 0) this.leave(); // Step, the arrow keys: time runs, the building is over
    if (!this.active || !this.built) return;
    if (!this.preview) return;
    const poses = this.hooks.poses(), { matrix, position, rotation, unit } = this.scratch;
    for (const index of this.preview.bodies) {
      const o = index * POSE_STRIDE;
      position.set(poses[o], poses[o + 1], poses[o + 2]);
      rotation.set(poses[o + 3], poses[o + 4], poses[o + 5], poses[o + 6]);
      this.hooks.renderer.setBodyMatrix(index, matrix.compose(position, rotation, unit).premultiply(this.preview.delta));
    }
  }

  /** For the browser tests: what build mode holds. */
  describe(): { active: boolean; doc: BuildDoc | null; selection: Selection; tool: BuildTool; status: string; jointPick: { a?: number; b?: number }; roles: Record<number, string> } {
    return {
      active: this.active,
      doc: this.doc,
      selection: this.selection,
      tool: this.tool,
      status: this.bar.status.textContent ?? '',
      jointPick: this.jointPick,
      roles: Object.fromEntries([...(this.built?.roles ?? new Map())].map(([id, r]) => [id, r.role])),
    };
  }

  // ---- edits ----

  /** Turns `next` into a scene and runs it; kept (and undoable when `record`) only if the loader takes it. */
  private commit(next: BuildDoc, record = true): boolean {
    const built = buildToScene(next);
    this.running = true;
    try {
      const error = this.hooks.run(built.scene);
      if (error !== '') {
        this.message = `That edit was refused and undone: ${error}`;
        this.refresh();
        return false;
      }
    } finally {
      this.running = false;
    }
    this.lastRun = JSON.stringify(this.hooks.currentScene());
    this.doc = next;
    this.built = built;
    if (record) this.history.push(next);
    this.hooks.setPaused(true);
    this.selection = {
      parts: this.selection.parts.filter((id) => partById(next, id)),
      joints: this.selection.joints.filter((id) => next.joints.some((j) => j.id === id)),
    };
    this.refresh();
    return true;
  }

  /** Asks before discarding a build with parts, then starts an empty ground (Undo still brings it back). */
  private newScene(): void {
    const parts = this.doc?.parts.length ?? 0;
    if (parts === 0) return this.startEmpty();
    const what = parts === 1 ? 'its part' : `its ${parts} parts`;
    openConfirmDialog(document.body, `Discard this build and ${what} for an empty scene? Undo brings it back.`, 'Discard', () => this.startEmpty());
  }

  /** An empty ground; Undo brings a discarded build back (a scene build mode could not open is gone). */
  private startEmpty(): void {
    const doc = emptyBuild();
    if (!this.doc) this.history.reset(doc);
    this.select({ parts: [], joints: [] });
    this.commit(doc, this.doc !== null);
    this.message = 'An empty scene: pick a shape (or a template) and click on the ground.';
    this.refresh();
  }

  private undo(): void {
    const doc = this.history.undo();
    if (doc) this.commit(doc, false);
  }

  private redo(): void {
    const doc = this.history.redo();
    if (doc) this.commit(doc, false);
  }

  private duplicate(): void {
    if (!this.doc || this.selection.parts.length === 0) return;
    const originals = this.selection.parts.map((id) => partById(this.doc!, id)!).filter(Boolean);
    const shift = new THREE.Vector3(...boundsOf(originals).size).x + GRID;
    const copies = originals.map((p) => ({ ...p, position: [p.position[0] + shift, p.position[1], p.position[2]] as Vec3 }));
    const added = withParts(this.doc, copies);
    // Joints among the copied parts are copied too.
    let doc = added.doc;
    const copyOf = new Map(originals.map((p, k) => [p.id, added.ids[k]]));
    for (const j of this.doc.joints) {
      if (!copyOf.has(j.a) || (j.b !== WORLD && !copyOf.has(j.b))) continue;
      doc = withJoint(doc, { ...j, a: copyOf.get(j.a)!, b: j.b === WORLD ? WORLD : copyOf.get(j.b)!, anchor: [j.anchor[0] + shift, j.anchor[1], j.anchor[2]] }).doc;
    }
    if (this.commit(doc)) this.select({ parts: added.ids, joints: [] });
  }

  private remove(): void {
    if (!this.doc) return;
    const parts = new Set(this.selection.parts), joints = new Set(this.selection.joints);
    if (parts.size + joints.size === 0) return;
    const doc = {
      ...this.doc,
      parts: this.doc.parts.filter((p) => !parts.has(p.id)),
      joints: this.doc.joints.filter((j) => !joints.has(j.id) && !parts.has(j.a) && !parts.has(j.b)),
    };
    this.selection = { parts: [], joints: [] };
    this.commit(doc);
  }

  private openTemplates(): void {
    if (!this.needDoc()) return;
    openTemplateDialog(document.body, TEMPLATES, (template, value) => {
      const doc = this.doc!;
      const x = doc.parts.length ? boundsOf(doc.parts).max[0] + 1.5 : 0;
      const before = new Set(doc.parts.map((p) => p.id));
      const next = template.add(doc, value, [Number(x.toFixed(1)), 0, 0], depthAxis(this.hooks.renderer.camera));
      if (!this.commit(next)) return;
      if (template.note) this.message = template.note;
      this.select({ parts: next.parts.filter((p) => !before.has(p.id)).map((p) => p.id), joints: [] });
    });
  }

  private openMeta(): void {
    if (!this.needDoc()) return;
    openMetaDialog(document.body, this.doc!.meta, (meta) => this.commit({ ...this.doc!, meta }));
  }

  private needDoc(): boolean {
    if (this.doc) return true;
    this.message = 'Press New first: this scene cannot be edited in build mode.';
    this.refresh();
    return false;
  }

  // ---- tools ----

  private setTool(tool: BuildTool): void {
    this.tool = tool;
    this.jointPick = {};
    this.message = '';
    this.refresh();
  }

  private setGizmoMode(mode: 'translate' | 'rotate'): void {
    this.gizmo.setMode(mode);
    this.bar.showGizmo(mode);
  }

  private setSnap(on: boolean): void {
    this.snap = on;
    this.gizmo.setTranslationSnap(on ? GRID : null);
    this.gizmo.setRotationSnap(on ? TURN_SNAP : null);
  }

  private select(selection: Selection): void {
    this.selection = selection;
    this.refresh();
  }

  // ---- pointer ----

  private rayAt(event: PointerEvent): THREE.Vector2 {
    const rect = this.hooks.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.hooks.renderer.camera);
    return ndc;
  }

  /** The part (or the ground) under the ray, with the surface's outward normal. */
  private hitTest(): Hit | null {
    const { renderer } = this.hooks;
    const names = this.hooks.bodyNames();
    const partOf = new Map([...(this.built?.bodyName ?? new Map())].map(([id, name]) => [name, id]));
    for (const hit of this.raycaster.intersectObjects(renderer.bodyObjects(), true)) {
      if (hit.object.userData.pickable === false || !hit.face) continue;
      const part = partOf.get(names[renderer.bodyIndexOf(hit.object, hit.instanceId)]);
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
    if (this.doc?.ground) {
      const point = this.raycaster.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 0, 1), 0), new THREE.Vector3());
      if (point) return { part: null, point, normal: new THREE.Vector3(0, 0, 1) };
    }
    return null;
  }

  private down(event: PointerEvent): void {
    if (!this.active) return;
    if (event.pointerType === 'mouse') this.pointers.clear(); // one mouse; a lost pointerup must not block it
    this.pointers.add(event.pointerId);
    if (this.pointers.size > 1) return this.cancelPress(); // two fingers: the view's, never a click
    if (event.button !== 0) return;
    const ndc = this.rayAt(event);
    const take = () => {
      event.preventDefault();
      event.stopImmediatePropagation(); // neither the view nor the gizmo takes this press
      this.hooks.canvas.setPointerCapture(event.pointerId);
    };
    if (this.tool.kind === 'select') {
      // The velocity knob first (it is small and drawn over everything), then the gizmo.
      const handle = this.velocity.pick(this.raycaster);
      if (handle !== null) {
        this.press = { kind: 'velocity', id: event.pointerId, part: handle, plane: cameraPlane(this.hooks.renderer.camera, this.velocity.tip) };
        return take();
      }
      if (this.gizmo.getHelper().visible) {
        (this.gizmo as unknown as { pointerHover(p: { x: number; y: number; button: number }): void }).pointerHover({ x: ndc.x, y: ndc.y, button: 0 });
        // The gizmo's own press, unless it is on an arrow pointing nearly along the view (it would
        // drag in depth) over the selected part itself: then the part slides, as the user meant.
        if (this.gizmo.axis !== null && !(this.alongView(this.gizmo.axis) && this.selection.parts.includes(this.hitTest()?.part ?? NaN))) return;
      }
      const joint = this.markers.pick(this.raycaster);
      if (joint !== null) {
        this.select(event.shiftKey ? toggled(this.selection, 'joints', joint) : { parts: [], joints: [joint] });
        return take();
      }
      const hit = this.hitTest();
      if (hit && hit.part !== null) {
        if (event.shiftKey) this.select(toggled(this.selection, 'parts', hit.part));
        else if (!this.selection.parts.includes(hit.part)) this.select({ parts: [hit.part], joints: [] });
        if (this.selection.parts.includes(hit.part)) {
          const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(new THREE.Vector3(0, 0, 1), hit.point);
          this.press = { kind: 'slide', id: event.pointerId, x: event.clientX, y: event.clientY, plane, from: hit.point, moved: false };
        }
        return take();
      }
    }
    this.press = { kind: 'click', id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  private move(event: PointerEvent): void {
    const press = this.press;
    if (!this.active || !press || press.id !== event.pointerId || press.kind === 'click') return;
    this.rayAt(event);
    const at = this.raycaster.ray.intersectPlane(press.plane, new THREE.Vector3());
    if (!at) return;
    if (press.kind === 'velocity') {
      this.velocity.drag(at);
      return;
    }
    if (!press.moved && Math.hypot(event.clientX - press.x, event.clientY - press.y) < CLICK_PIXELS) return;
    press.moved = true;
    const delta = at.sub(press.from);
    if (this.snap) delta.set(Math.round(delta.x / GRID) * GRID, Math.round(delta.y / GRID) * GRID, 0);
    this.setPreview(new THREE.Matrix4().makeTranslation(delta.x, delta.y, 0));
  }

  /** Is a gizmo handle ('X', 'Y' or 'Z') an arrow within about 30° of the view direction? */
  private alongView(axis: string): boolean {
    const k = ['X', 'Y', 'Z'].indexOf(axis);
    if (k < 0) return false;
    const arrow = new THREE.Vector3().setComponent(k, 1);
    if (this.gizmo.space === 'local') arrow.applyQuaternion(this.proxy.quaternion);
    return Math.abs(arrow.dot(this.hooks.renderer.camera.getWorldDirection(new THREE.Vector3()))) > 0.85;
  }

  private up(event: PointerEvent): void {
    this.pointers.delete(event.pointerId);
    const press = this.press;
    if (!this.active || !press || press.id !== event.pointerId) return;
    this.press = null;
    if (press.kind === 'velocity') {
      const v = this.velocity.velocity();
      this.edit((doc) => ({ ...doc, parts: doc.parts.map((p) => (p.id === press.part ? { ...p, linearVelocity: v } : p)) }));
      return;
    }
    if (press.kind === 'slide') {
      if (press.moved && this.preview) this.moveSelection(this.preview.delta);
      this.preview = null;
      return;
    }
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) >= CLICK_PIXELS) return; // an orbit
    this.rayAt(event);
    this.click(this.hitTest());
  }

  private cancelPress(): void {
    this.press = null;
    this.preview = null;
  }

  private click(hit: Hit | null): void {
    const tool = this.tool;
    if (tool.kind === 'select') return this.select({ parts: [], joints: [] });
    if (!this.needDoc()) return;
    if (tool.kind === 'place') {
      if (!hit) return this.say('Click on the ground or on a body: that is where it goes.');
      const doc = this.doc!;
      const part = newPart(doc, tool.shape, [0, 0, 0]);
      const added = withParts(doc, [{ ...part, ...restingPose(part, hit.point, hit.normal) }]);
      if (this.commit(added.doc)) this.select({ parts: added.ids, joints: [] });
      return;
    }
    // The joint tool: body A, then body B or empty space (the world), then the anchor.
    const pick = this.jointPick;
    if (pick.a === undefined) {
      if (!hit || hit.part === null || partById(this.doc!, hit.part)?.static) return this.say('Click the body to join (a movable one).');
      this.jointPick = { a: hit.part };
    } else if (pick.b === undefined) {
      const b = hit && hit.part !== null ? hit.part : WORLD;
      if (b === pick.a) return this.say('Click another body, or empty space for the world.');
      this.jointPick = { a: pick.a, b };
    } else {
      if (!hit) return this.say('Click a point on a surface for the anchor.');
      const nearby = [pick.a, pick.b].map((id) => partById(this.doc!, id)).filter((p): p is Part => p !== undefined);
      const anchor = rounded(snapAnchor(hit.point, nearby, ANCHOR_SNAP));
      const made = withJoint(this.doc!, { kind: tool.joint, a: pick.a, b: pick.b, anchor, axis: depthAxis(this.hooks.renderer.camera) });
      this.jointPick = {};
      if (this.commit(made.doc)) this.select({ parts: [], joints: [made.id] });
      return;
    }
    this.refresh();
  }

  // ---- moving with the gizmo or by sliding ----

  private gizmoMoved(finished: boolean): void {
    if (!this.gizmo.object) return;
    this.proxy.updateMatrixWorld();
    const delta = this.proxy.matrixWorld.clone().multiply(this.proxyStart.clone().invert());
    if (this.selection.joints.length === 1 && this.selection.parts.length === 0) {
      if (!finished) return;
      const axis = new THREE.Vector3(0, 0, 1).applyQuaternion(this.proxy.quaternion);
      const id = this.selection.joints[0];
      const anchor = rounded(this.proxy.position);
      const cleanAxis = rounded(axis.multiplyScalar(1000)).map((x) => x / 1000) as Vec3;
      this.edit((doc) => ({ ...doc, joints: doc.joints.map((j) => (j.id === id ? { ...j, anchor, axis: cleanAxis } : j)) }));
      return;
    }
    if (finished) {
      this.preview = null;
      this.moveSelection(delta);
    } else this.setPreview(delta);
  }

  /** Draws the selected parts moved by `delta` until the edit is made. */
  private setPreview(delta: THREE.Matrix4): void {
    const names = this.hooks.bodyNames();
    const bodies = this.selection.parts.map((id) => names.indexOf(this.built?.bodyName.get(id) ?? '')).filter((index) => index >= 0);
    this.preview = { bodies, delta };
  }

  /** Moves and turns the selected parts by `delta` (a world transform); joints of parts moved with them. */
  private moveSelection(delta: THREE.Matrix4): void {
    const ids = new Set(this.selection.parts);
    const rotation = new THREE.Quaternion().setFromRotationMatrix(delta);
    const moved = (p: Vec3) => rounded(new THREE.Vector3(...p).applyMatrix4(delta));
    this.edit((doc) => ({
      ...doc,
      parts: doc.parts.map((p) => {
        if (!ids.has(p.id)) return p;
        const q = rotation.clone().multiply(toQuaternion(p.quaternion)).normalize();
        return { ...p, position: moved(p.position), quaternion: [q.w, q.x, q.y, q.z].map((x) => Number(x.toFixed(9)) + 0) as Part['quaternion'] };
      }),
      // A joint belongs to its body A: it moves when A does.
      joints: doc.joints.map((j) => (ids.has(j.a) ? { ...j, anchor: moved(j.anchor), axis: rounded(new THREE.Vector3(...j.axis).applyQuaternion(rotation).multiplyScalar(1000)).map((x) => x / 1000) as Vec3 } : j)),
    }));
  }

  private edit(change: (doc: BuildDoc) => BuildDoc): void {
    if (this.doc) this.commit(change(this.doc));
  }

  // ---- keys ----

  private key(event: KeyboardEvent): void {
    if (!this.active) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (target instanceof HTMLElement && target.closest('.cm-editor')) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    if (ctrl && key === 'z' && !event.shiftKey) this.undo();
    else if ((ctrl && key === 'z' && event.shiftKey) || (ctrl && key === 'y')) this.redo();
    else if (ctrl && key === 'd') this.duplicate();
    else if (!ctrl && (event.key === 'Delete' || event.key === 'Backspace')) this.remove();
    else if (!ctrl && event.key === 'Escape') {
      if (this.tool.kind !== 'select' || this.jointPick.a !== undefined) this.setTool({ kind: 'select' });
      else this.select({ parts: [], joints: [] });
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  // ---- what is shown ----

  private say(text: string): void {
    this.message = text;
    this.refresh();
  }

  private showActive(): void {
    this.host.hidden = !this.active;
    this.propertiesHost.hidden = !this.active;
    this.hooks.suspendGrab(this.active);
    this.hooks.renderer.setTwoFingerOrbit(this.active);
    if (!this.active) {
      this.gizmo.detach();
      this.showGizmo(false);
      this.markers.clear();
      this.velocity.hide();
      this.preview = null;
    }
    this.hooks.activeChanged(this.active);
    if (this.active) this.refresh();
  }

  private refresh(): void {
    if (!this.active) return;
    this.bar.showTool(this.tool);
    this.bar.showHistory(this.history.canUndo, this.history.canRedo);
    this.bar.say(this.message || this.hint());
    this.message = '';
    const doc = this.doc;
    this.markers.show(doc, this.built?.roles ?? new Map(), this.selection.joints);
    this.hooks.renderer.setSelected(-1);
    if (!doc) {
      this.gizmo.detach();
      this.showGizmo(false);
      this.velocity.hide();
      this.properties.show(emptyBuild(), { parts: [], joints: [] }, new Map());
      return;
    }
    this.properties.show(doc, this.selection, this.built?.roles ?? new Map());
    this.highlight();
    this.placeGizmo(doc);
    if (this.tool.kind !== 'select') this.showGizmo(false); // placing or joining: clicks go to the scene
    const only = this.selection.parts.length === 1 ? partById(doc, this.selection.parts[0]) : undefined;
    if (only && !only.static) this.velocity.show(only);
    else this.velocity.hide();
  }

  private hint(): string {
    if (!this.doc) return 'Press New to start a scene from an empty ground.';
    const tool = this.tool;
    if (tool.kind === 'place') return `Click on the ground or on a body to put a ${tool.shape === 'wedge' ? 'ramp' : tool.shape} there (Esc: select).`;
    if (tool.kind === 'joint') {
      if (this.jointPick.a === undefined) return `${tool.joint} joint: click body A.`;
      if (this.jointPick.b === undefined) return `${tool.joint} joint: click body B, or empty space for the world.`;
      return `${tool.joint} joint: click the anchor point on a surface (it snaps to centres and ends).`;
    }
    if (this.selection.parts.length + this.selection.joints.length === 0) return 'Click a part to select it (Shift: several); pick a shape to add one; Play runs the scene.';
    return 'Drag the gizmo to move or turn (Move / Turn), or slide a selected part; the panel sets its properties.';
  }

  private highlight(): void {
    const names = this.hooks.bodyNames();
    const selected = new Set(this.selection.parts.map((id) => this.built?.bodyName.get(id)));
    const index = names.findIndex((n) => selected.has(n));
    this.hooks.renderer.setSelected(this.selection.parts.length === 1 ? index : -1);
    this.markers.highlightParts(this.selection.parts.length > 1 ? this.selection.parts.map((id) => partById(this.doc!, id)!).filter(Boolean) : []);
  }

  private showGizmo(visible: boolean): void {
    this.gizmo.getHelper().visible = visible;
    this.gizmo.enabled = visible;
  }

  private placeGizmo(doc: BuildDoc): void {
    const parts = this.selection.parts.map((id) => partById(doc, id)).filter((p): p is Part => p !== undefined);
    const joint = this.selection.joints.length === 1 && parts.length === 0 ? doc.joints.find((j) => j.id === this.selection.joints[0]) : undefined;
    if (parts.length > 0) {
      const b = boundsOf(parts);
      this.proxy.position.set(...b.centre);
      const p = parts[0].quaternion;
      this.proxy.quaternion.set(...(parts.length === 1 ? ([p[1], p[2], p[3], p[0]] as const) : ([0, 0, 0, 1] as const)));
    } else if (joint) {
      this.proxy.position.set(...joint.anchor);
      this.proxy.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), new THREE.Vector3(...joint.axis).normalize());
    } else {
      this.gizmo.detach();
      this.showGizmo(false);
      return;
    }
    this.proxy.updateMatrixWorld();
    this.proxyStart.copy(this.proxy.matrixWorld);
    this.gizmo.attach(this.proxy);
    this.showGizmo(true);
  }
}

function toggled(selection: Selection, key: 'parts' | 'joints', id: number): Selection {
  const list = selection[key].includes(id) ? selection[key].filter((x) => x !== id) : [...selection[key], id];
  return { ...selection, [key]: list };
}
