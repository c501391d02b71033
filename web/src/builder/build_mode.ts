// Build mode: the page as a construction kit. The simulation waits at its initial state while
// the user places parts, moves and turns them (three.js TransformControls, snapping to 0.1 m
// and 15°), joins them and sets their properties; every edit is a new BuildDoc turned into an
// ordinary scene and loaded at once (a refusal is said and the edit undone), so the editor, Share
// and the timeline see exactly what was built. Play leaves build mode and runs it.
import * as THREE from 'three';
import type { Renderer } from '../view/renderer';
import type { SceneObject } from '../scene/scene_doc';
import { BuildBar, type BuildTool } from './build_bar';
import { emptyBuild, partById, type BuildDoc, type Vec3 } from './build_doc';
import { openConfirmDialog, openMetaDialog, openTemplateDialog, translatedOr } from './build_dialogs';
import { BuildHistory } from './build_history';
import { BuildProperties, type Selection } from './build_properties';
import { buildToScene, type BuiltScene } from './build_to_scene';
import { boundsOf, depthAxis } from './placement';
import { sceneToBuild } from './scene_to_build';
import { TEMPLATES } from './templates';
import { buildHint, buildKey, duplicated, jointAt, movedBy, withoutSelection } from './build_edits';
import { CLICK_PIXELS, drawMoved, selectPress, slideDelta, type Press, type PressTargets } from './build_press';
import { BuildGizmo } from './build_gizmo';
import { BuildPick, type Hit } from './build_pick';
import { toolClick } from './build_tools';
import { connectClick, connectHint, inView } from './build_parts_tools';
import { connectorsOf } from './build_parts';
import { JointMarkers } from './joint_markers';
import { VelocityHandle } from './velocity_handle';
import { t } from '../i18n/i18n';

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

const GRID = 0.1;
const TURN_SNAP = THREE.MathUtils.degToRad(15);

export class BuildMode {
  active = false;
  private doc: BuildDoc | null = null;
  private built: BuiltScene | null = null;
  private readonly history = new BuildHistory(emptyBuild());
  private selection: Selection = { parts: [], joints: [] };
  private tool: BuildTool = { kind: 'select' };
  private jointPick: { a?: number; b?: number; pointA?: Vec3 } = {};
  /** The drawn spring or string under the ray (its scene name), once the view's drawing is wired. */
  pickConnector: (raycaster: THREE.Raycaster) => string | null = () => null;
  /** Shows the selected springs and strings (their scene names) in the view's drawing. */
  showConnectors: (selected: string[]) => void = () => {};
  private snap = true;
  private lastRun = ''; // the scene text build mode last ran: the running scene is still its own while equal
  private press: Press | null = null;
  private readonly pointers = new Set<number>(); // down now: with two, a touch is the view's
  /** Parts being moved, as the engine's body indices, and how they move: drawn so every frame. */
  private preview: { bodies: number[]; delta: THREE.Matrix4 } | null = null;
  private readonly pick: BuildPick;
  private readonly gizmo: BuildGizmo;
  private readonly markers: JointMarkers;
  private readonly velocity: VelocityHandle;
  private readonly bar: BuildBar;
  private readonly properties: BuildProperties;
  private message = '';
  private running = false; // while a built scene loads (sceneChanged then is our own doing)

  constructor(private readonly host: HTMLElement, private readonly propertiesHost: HTMLElement, private readonly hooks: BuildHooks) {
    const { renderer, canvas } = hooks;
    this.pick = new BuildPick(renderer, canvas);
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
    this.gizmo = new BuildGizmo(renderer, canvas, (finished) => this.gizmoMoved(finished));
    this.setSnap(true);
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
        this.message = t('build.status.opened');
      } else {
        this.doc = null;
        this.built = null;
        this.history.reset(emptyBuild()); // no undo into an earlier build over this scene
        this.message = t('build.status.cannotEdit', { reason: opened.reason });
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
    if (this.preview) drawMoved(this.hooks.renderer, this.hooks.poses(), this.preview.bodies, this.preview.delta);
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
        this.message = t('build.status.refused', { error });
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
      connectors: (this.selection.connectors ?? []).filter((id) => connectorsOf(next).some((c) => c.id === id)),
    };
    this.refresh();
    return true;
  }

  /** Asks before discarding a build with parts, then starts an empty ground (Undo still brings it back). */
  private newScene(): void {
    const parts = this.doc?.parts.length ?? 0;
    if (parts === 0) return this.startEmpty();
    openConfirmDialog(document.body, t('build.status.discard', { count: parts }), t('build.discard'), () => this.startEmpty());
  }

  /** An empty ground; Undo brings a discarded build back (a scene build mode could not open is gone). */
  private startEmpty(): void {
    const doc = emptyBuild();
    if (!this.doc) this.history.reset(doc);
    this.select({ parts: [], joints: [] });
    this.commit(doc, this.doc !== null);
    this.message = t('build.status.empty');
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
    const copied = duplicated(this.doc, this.selection.parts, GRID);
    if (this.commit(copied.doc)) this.select({ parts: copied.ids, joints: [] });
  }

  private remove(): void {
    if (!this.doc) return;
    if (this.selection.parts.length + this.selection.joints.length + (this.selection.connectors?.length ?? 0) === 0) return;
    const doc = withoutSelection(this.doc, this.selection);
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
      if (template.note) this.message = translatedOr(`build.templateNotes.${template.id}`, template.note);
      this.select({ parts: next.parts.filter((p) => !before.has(p.id)).map((p) => p.id), joints: [] });
    });
  }

  private openMeta(): void {
    if (!this.needDoc()) return;
    openMetaDialog(document.body, this.doc!.meta, (meta) => this.commit({ ...this.doc!, meta }));
  }

  private needDoc(): boolean {
    if (this.doc) return true;
    this.message = t('build.status.pressNew');
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
    this.gizmo.controls.setMode(mode);
    this.bar.showGizmo(mode);
  }

  private setSnap(on: boolean): void {
    this.snap = on;
    this.gizmo.setSnap(on ? GRID : null, on ? TURN_SNAP : null);
  }

  private select(selection: Selection): void {
    this.selection = selection;
    this.refresh();
  }

  // ---- pointer ----

  private rayAt(event: PointerEvent): THREE.Vector2 {
    return this.pick.rayAt(event);
  }

  /** The part (or the ground) under the ray, with the surface's outward normal. */
  private hitTest(): Hit | null {
    const partOf = new Map([...(this.built?.bodyName ?? new Map())].map(([id, name]) => [name, id]));
    return this.pick.hitTest(this.hooks.bodyNames(), partOf, this.doc?.ground ?? false);
  }

  private down(event: PointerEvent): void {
    if (!this.active) return;
    if (event.pointerType === 'mouse') this.pointers.clear(); // one mouse; a lost pointerup must not block it
    this.pointers.add(event.pointerId);
    if (this.pointers.size > 1) return this.cancelPress(); // two fingers: the view's, never a click
    if (event.button !== 0) return;
    const ndc = this.rayAt(event);
    if (this.tool.kind !== 'select') {
      this.press = { kind: 'click', id: event.pointerId, x: event.clientX, y: event.clientY };
      return;
    }
    const outcome = selectPress(this.pressTargets(ndc), this.selection, event);
    if (outcome === 'gizmo') return;
    if (outcome.select) this.select(outcome.select);
    this.press = outcome.press ?? null;
    if (!outcome.taken) return;
    event.preventDefault();
    event.stopImmediatePropagation(); // neither the view nor the gizmo takes this press
    this.hooks.canvas.setPointerCapture(event.pointerId);
  }

  /** What a press at `ndc` can land on (the pick's ray is already there). */
  private pressTargets(ndc: THREE.Vector2): PressTargets {
    const raycaster = this.pick.raycaster;
    return {
      camera: this.hooks.renderer.camera,
      velocityKnob: () => {
        const part = this.velocity.pick(raycaster);
        return part === null ? null : { part, tip: this.velocity.tip };
      },
      gizmoHandle: () => {
        const axis = this.gizmo.visible ? this.gizmo.handleAt(ndc) : null;
        return axis === null ? null : { alongView: this.gizmo.alongView(axis) };
      },
      connector: () => {
        const name = this.pickConnector(raycaster);
        return name === null ? null : (connectorsOf(this.doc ?? emptyBuild()).find((c) => c.name === name)?.id ?? null);
      },
      jointMarker: () => this.markers.pick(raycaster),
      hit: () => this.hitTest(),
    };
  }

  private move(event: PointerEvent): void {
    const press = this.press;
    if (!this.active || !press || press.id !== event.pointerId || press.kind === 'click') return;
    this.rayAt(event);
    const at = this.pick.raycaster.ray.intersectPlane(press.plane, new THREE.Vector3());
    if (!at) return;
    if (press.kind === 'velocity') {
      this.velocity.drag(at);
      return;
    }
    if (!press.moved && Math.hypot(event.clientX - press.x, event.clientY - press.y) < CLICK_PIXELS) return;
    press.moved = true;
    this.setPreview(slideDelta(press.from, at, this.snap ? GRID : null));
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
    if (tool.kind === 'connect') {
      const made = connectClick(this.doc!, tool, this.jointPick, hit, inView(this.pick.raycaster.ray, this.hooks.renderer.camera, this.hooks.renderer.target));
      if (made.kind === 'say') return this.say(made.text);
      if (made.kind === 'pick') return void ((this.jointPick = made.pick), this.refresh());
      this.jointPick = {};
      if (this.commit(made.doc)) this.select({ parts: [], joints: [], connectors: [made.connector] });
      return;
    }
    const result = toolClick(this.doc!, tool, this.jointPick, hit, this.hooks.renderer.camera);
    if (result.kind === 'say') return this.say(result.text);
    if (result.kind === 'pick') {
      this.jointPick = result.pick;
      return this.refresh();
    }
    if (tool.kind === 'joint') this.jointPick = {};
    if (this.commit(result.doc)) this.select(result.select);
  }

  // ---- moving with the gizmo or by sliding ----

  private gizmoMoved(finished: boolean): void {
    if (!this.gizmo.attached) return;
    const delta = this.gizmo.delta();
    if (this.selection.joints.length === 1 && this.selection.parts.length === 0) {
      if (!finished) return;
      const id = this.selection.joints[0], { position, quaternion } = this.gizmo.proxy;
      this.edit((doc) => jointAt(doc, id, position, quaternion));
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
    this.edit((doc) => movedBy(doc, ids, delta));
  }

  private edit(change: (doc: BuildDoc) => BuildDoc): void {
    if (this.doc) this.commit(change(this.doc));
  }

  // ---- keys ----

  private key(event: KeyboardEvent): void {
    if (!this.active) return;
    const command = buildKey(event);
    if (command === null) return;
    if (command === 'undo') this.undo();
    else if (command === 'redo') this.redo();
    else if (command === 'duplicate') this.duplicate();
    else if (command === 'remove') this.remove();
    else if (this.tool.kind !== 'select' || this.jointPick.a !== undefined) this.setTool({ kind: 'select' }); // Escape
    else this.select({ parts: [], joints: [] });
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
      this.gizmo.hide();
      this.markers.clear();
      this.velocity.hide();
      this.preview = null;
      this.showConnectors([]);
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
      this.gizmo.hide();
      this.velocity.hide();
      this.properties.show(emptyBuild(), { parts: [], joints: [] }, new Map());
      return;
    }
    this.properties.show(doc, this.selection, this.built?.roles ?? new Map());
    this.showConnectors(connectorsOf(doc).filter((c) => this.selection.connectors?.includes(c.id)).map((c) => c.name));
    this.highlight();
    this.gizmo.place(doc, this.selection);
    if (this.tool.kind !== 'select') this.gizmo.show(false); // placing or joining: clicks go to the scene
    const only = this.selection.parts.length === 1 ? partById(doc, this.selection.parts[0]) : undefined;
    if (only && !only.static) this.velocity.show(only);
    else this.velocity.hide();
  }

  private hint(): string {
    if (this.tool.kind === 'connect') return connectHint(this.tool, this.jointPick);
    return buildHint(this.doc, this.tool, this.jointPick, this.selection);
  }

  private highlight(): void {
    const names = this.hooks.bodyNames();
    const selected = new Set(this.selection.parts.map((id) => this.built?.bodyName.get(id)));
    const index = names.findIndex((n) => selected.has(n));
    this.hooks.renderer.setSelected(this.selection.parts.length === 1 ? index : -1);
    this.markers.highlightParts(this.selection.parts.length > 1 ? this.selection.parts.map((id) => partById(this.doc!, id)!).filter(Boolean) : []);
  }
}
