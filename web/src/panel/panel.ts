// The control panel (lil-gui). World: gravity, time step, integrator and dynamics algorithm;
// Scene: the scene's own meta.sliders (labelled in the page's language where the scene has a
// translation) and the joint efforts; Playback: speed, pause, step, reset;
// View: overlays, follow, frame all, help. A world field or a slider edits a copy of the scene's
// JSON object and hands it to `rebuild` (the motion carries on with the new numbers when the
// scene's structure allows, else it starts again); when the engine refuses it the control goes
// back to the running scene's value. Efforts and motor targets are live inputs (setEffort,
// setMotorTarget), recorded by the timeline. Every label that comes from the scene is set as text by lil-gui.
import GUI, { type Controller } from 'lil-gui';
import type { BodyInfo, JointInfo } from 'featherweight-wasm/featherweight.js';
import type { OverlayToggles } from '../view/overlays';
import { getPointer, motorIndexOf, setPointer, shapeCoefficientRange, withEveryShape, withValue, worldSettings, type Json, type SceneObject } from '../scene/scene_doc';
import { SPEEDS, speedLabel, type SimLoop } from '../engine/sim_loop';
import { formatNumber, onLanguageChange, t } from '../i18n/i18n';
import { translatedLabel, translatedTitle } from '../i18n/gui_labels';
import { localizedMeta } from '../i18n/scene_texts';

/** A slider of meta.sliders (docs/scene-format.md). */
interface SceneSlider {
  label: string;
  path: string;
  min: number;
  max: number;
  step?: number;
  unit?: string;
}

export interface PanelHooks {
  loop: SimLoop;
  setPaused(paused: boolean): void;
  step(): void;
  reset(): void;
  /** Loads the edited scene from its initial state; false (and the message shown) if refused. */
  rebuild(scene: SceneObject): boolean;
  /** New targets for a motor, live (sim.setMotorTarget). */
  setMotorTarget(index: number, position: number, velocity: number): void;
  /** One joint effort (τ at velocity index `index`), live (it is an input the timeline records). */
  setEffort(index: number, value: number): void;
  overlays: OverlayToggles;
  /** Whether the engine reports contact points (the contact overlay's toggle is disabled otherwise). */
  contactsAvailable: boolean;
  view: { follow: boolean; trace: boolean; trailSeconds: number };
  /** Removes every trail. */
  clearTrails(): void;
  frameAll(): void;
  help(): void;
}

const MAX_EFFORT_SLIDERS = 12;

function withoutStepping(scene: SceneObject | null): SceneObject | null {
  if (scene?.world && typeof scene.world === 'object' && !Array.isArray(scene.world)) delete (scene.world as { stepping?: Json }).stepping;
  return scene;
}

function niceCeiling(x: number): number {
  const power = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= x) ?? 10 * power;
}

export class Panel {
  readonly gui: GUI;
  private scene: SceneObject = {};
  private readonly world = {
    gx: 0,
    gy: 0,
    gz: -9.81,
    timestep: 1 / 240,
    integrator: 'semi-implicit-euler',
    dynamics: 'aba',
    iterations: 20,
    friction: 0.5,
    restitution: 0,
  };
  /** What the scene's colliding shapes have: one value, or the range when they differ. */
  private readonly inScene = { friction: '', restitution: '' };
  private readonly playback = { speed: speedLabel(1) };
  private sliderValues: Record<string, number> = {};
  /** The scene's sliders in order: own label, label shown now, path, and what moving it does (for setSlider). */
  private sliders: { label: string; shown: () => string; path: string; apply: (value: number) => void }[] = [];
  private loadedSliders: { path: string; value: number; motor: boolean }[] = [];
  private effortValues: Record<string, number> = {};
  private effortIndex: Record<string, number> = {};
  private readonly worldFolder: GUI;
  private readonly sceneFolder: GUI;
  private readonly playbackFolder: GUI;
  private readonly pauseButton: Controller;
  private readonly speedControl: Controller;

  constructor(
    container: HTMLElement,
    private readonly hooks: PanelHooks,
  ) {
    this.gui = translatedLabel(new GUI({ container, title: t('panel.controls'), width: 270 }), () => t('panel.controls'));

    this.worldFolder = translatedLabel(this.gui.addFolder(''), () => t('panel.world'));
    const edit = (path: string, value: Json) => this.edit(path, value);
    // The whole vector, so that a scene without world.gravity gets one.
    const gravity = () => edit('/world/gravity', [this.world.gx, this.world.gy, this.world.gz]);
    translatedLabel(this.worldFolder.add(this.world, 'gx', -30, 30, 0.01).onFinishChange(gravity), () => t('panel.gravityX'));
    translatedLabel(this.worldFolder.add(this.world, 'gy', -30, 30, 0.01).onFinishChange(gravity), () => t('panel.gravityY'));
    translatedLabel(this.worldFolder.add(this.world, 'gz', -30, 30, 0.01).onFinishChange(gravity), () => t('panel.gravityZ'));
    translatedLabel(this.worldFolder.add(this.world, 'timestep', 0.0001, 0.02, 0.0001).onFinishChange((v: number) => edit('/world/timestep', v)), () => t('panel.timestep'));
    // The stepping mode follows the integrator (semi-implicit Euler: realtime; RK: accurate), so
    // changing one drops a scene's explicit "stepping" rather than contradict it.
    translatedLabel(
      this.worldFolder
        .add(this.world, 'integrator', ['semi-implicit-euler', 'rk4', 'rk45'])
        .onFinishChange((v: string) => this.rebuildWith(withoutStepping(withValue(this.scene, '/world/integrator', v)))),
      () => t('panel.integrator'),
    );
    translatedLabel(this.worldFolder.add(this.world, 'dynamics', ['aba', 'crba']).onFinishChange((v: string) => edit('/world/dynamics', v)), () => t('panel.dynamics'));
    const iterations = this.worldFolder.add(this.world, 'iterations', 1, 200, 1).onFinishChange((v: number) => {
      const solver = { ...((getPointer(this.scene, '/world/solver') as { [key: string]: Json } | undefined) ?? {}), iterations: v };
      edit('/world/solver', solver);
    });
    translatedLabel(iterations, () => t('panel.iterations'));
    // Contact coefficients: a read-only row with what the scene's colliding shapes have (one value
    // or their range), then a slider that sets every shape (it starts at the smallest). The
    // tooltips give a pair's rule.
    const coefficient = (field: 'friction' | 'restitution', symbol: string, max: number) => {
      const rule = () => t(`panel.${field}Rule`);
      translatedTitle(translatedLabel(this.worldFolder.add(this.inScene, field).disable(), () => t(`panel.${field}`)), rule);
      const all = this.worldFolder.add(this.world, field, 0, max, 0.01).onFinishChange((v: number) => this.rebuildWith(withEveryShape(this.scene, field, v)));
      translatedTitle(translatedLabel(all, () => t('panel.setAll', { symbol })), rule);
    };
    coefficient('friction', 'μ', 2);
    coefficient('restitution', 'e', 1);

    this.sceneFolder = translatedLabel(this.gui.addFolder(''), () => t('panel.scene'));

    this.playbackFolder = translatedLabel(this.gui.addFolder(''), () => t('panel.playback'));
    this.speedControl = translatedLabel(
      this.playbackFolder.add(this.playback, 'speed', SPEEDS.map(speedLabel)).onChange((label: string) => (hooks.loop.speed = SPEEDS[SPEEDS.map(speedLabel).indexOf(label)] ?? 1)),
      () => t('panel.speed'),
    );
    const actions = {
      pause: () => hooks.setPaused(!hooks.loop.paused),
      step: () => hooks.step(),
      reset: () => hooks.reset(),
      frameAll: () => hooks.frameAll(),
      help: () => hooks.help(),
    };
    this.pauseButton = translatedLabel(this.playbackFolder.add(actions, 'pause'), () => t(hooks.loop.paused ? 'panel.play' : 'panel.pause'));
    translatedLabel(this.playbackFolder.add(actions, 'step'), () => t('panel.step'));
    translatedLabel(this.playbackFolder.add(actions, 'reset'), () => t('panel.reset'));

    const view = translatedLabel(this.gui.addFolder(''), () => t('panel.view'));
    translatedLabel(view.add(hooks.overlays, 'joints'), () => t('panel.joints'));
    translatedLabel(view.add(hooks.overlays, 'centersOfMass'), () => t('panel.centersOfMass'));
    translatedLabel(view.add(hooks.overlays, 'boxes'), () => t('panel.boxes'));
    // Contacts: drawn from the engine's contact buffer (overlays.ts, setContacts) when it has one.
    const contacts = view.add(hooks.overlays, 'contacts');
    translatedLabel(contacts, () => t(hooks.contactsAvailable ? 'panel.contacts' : 'panel.contactsMissing'));
    if (!hooks.contactsAvailable) contacts.disable();
    translatedLabel(view.add(hooks.view, 'follow'), () => t('panel.follow'));
    translatedLabel(view.add(hooks.view, 'trace'), () => t('panel.trace'));
    translatedLabel(view.add(hooks.view, 'trailSeconds', 0.5, 60, 0.5), () => t('panel.trailLength'));
    translatedLabel(view.add({ clear: () => hooks.clearTrails() }, 'clear'), () => t('panel.clearTrails'));
    translatedLabel(view.add(actions, 'frameAll'), () => t('panel.frameAll'));
    translatedLabel(view.add(actions, 'help'), () => t('panel.help'));

    this.worldFolder.close();
    // A phone starts with the panel folded to its title bar.
    if (window.matchMedia('(max-width: 600px)').matches) this.gui.close();
    onLanguageChange(() => this.refresh()); // the scene's coefficients, in words of the new language
  }

  /** A new scene was loaded (not a rebuild by the panel itself). */
  setScene(scene: SceneObject, bodies: BodyInfo[], joints: JointInfo[]): void {
    this.scene = scene;
    for (const child of [...this.sceneFolder.children]) child.destroy();

    // Indices into meta.sliders as written: a translation's labels go entry by entry.
    const sliders = ((scene.meta as { sliders?: SceneSlider[] } | undefined)?.sliders ?? [])
      .map((slider, index) => ({ ...slider, index }))
      .filter((s) => typeof getPointer(scene, s.path) === 'number');
    this.sliderValues = {};
    this.sliders = [];
    sliders.forEach((slider, i) => {
      const key = `s${i}`;
      this.sliderValues[key] = getPointer(scene, slider.path) as number;
      const controller = this.sceneFolder.add(this.sliderValues, key, slider.min, slider.max, slider.step);
      const shown = () => (localizedMeta(scene.meta as { sliders?: SceneSlider[] } | undefined)?.sliders?.[slider.index]?.label ?? slider.label);
      translatedLabel(controller, () => (slider.unit ? `${shown()} (${slider.unit})` : shown()));
      const motor = motorIndexOf(scene, slider.path);
      if (motor >= 0) {
        // A motor's target: live, no rebuild; the scene keeps the value for later rebuilds.
        const jointPath = slider.path.slice(0, slider.path.lastIndexOf('/'));
        controller.onChange((v: number) => {
          setPointer(this.scene, slider.path, v);
          const target = getPointer(this.scene, `${jointPath}/target`), velocity = getPointer(this.scene, `${jointPath}/targetVelocity`);
          this.hooks.setMotorTarget(motor, typeof target === 'number' ? target : 0, typeof velocity === 'number' ? velocity : 0);
        });
      } else {
        controller.onFinishChange((v: number) => this.edit(slider.path, v));
      }
      controller.domElement.dataset.path = slider.path;
      const apply = (v: number) => {
        controller.setValue(v); // a motor's slider acts on change
        if (motor < 0) this.edit(slider.path, v);
      };
      this.sliders.push({ label: slider.label, shown, path: slider.path, apply });
    });
    // The sliders' values as the scene was loaded (a motor's slider writes into the scene as it moves).
    this.loadedSliders = sliders.map((slider) => ({ path: slider.path, value: getPointer(scene, slider.path) as number, motor: motorIndexOf(scene, slider.path) >= 0 }));
    if (sliders.length > 0) {
      const reset = translatedLabel(this.sceneFolder.add({ reset: () => this.resetSliders() }, 'reset'), () => t('instruments.resetSliders'));
      translatedTitle(reset, () => t('instruments.resetSlidersTitle'));
      reset.domElement.classList.add('reset-sliders');
    }

    this.addEffortSliders(scene, bodies, joints);
    this.sceneFolder.show(this.sceneFolder.children.length > 0);
    this.refresh();
  }

  /**
   * Joint efforts, written into the engine while a slider moves (no rebuild): the scene's own list
   * (meta.efforts: an imported model's actuators, with their ranges), else every one-degree-of-
   * freedom joint with a range from the scene's weight.
   */
  private addEffortSliders(scene: SceneObject, bodies: BodyInfo[], joints: JointInfo[]): void {
    this.effortValues = {};
    this.effortIndex = {};
    const driven = joints.filter((j) => (j.type === 'revolute' || j.type === 'prismatic') && j.nv === 1);
    const listed = (scene.meta as { efforts?: { joint: string; label: string; min: number; max: number }[] } | undefined)?.efforts;
    if (listed) {
      const folder = translatedLabel(this.sceneFolder.addFolder(''), () => t('panel.actuators'));
      for (const effort of listed) {
        const joint = driven.find((j) => j.name === effort.joint);
        if (joint) this.addEffort(folder, effort.label, joint, effort.min, effort.max);
      }
      return;
    }
    if (driven.length === 0) return;
    const shown = driven.slice(0, MAX_EFFORT_SLIDERS);
    const title = () => (driven.length > shown.length ? t('panel.jointEffortsSome', { shown: shown.length, count: driven.length }) : t('panel.jointEfforts'));
    const folder = translatedLabel(this.sceneFolder.addFolder(''), title);
    const g = Math.max(1, Math.hypot(...worldSettings(scene).gravity));
    const mass = bodies.reduce((sum, b) => sum + (b.mass ?? 0), 0) || 1;
    for (const joint of shown) {
      const limit = niceCeiling(2 * mass * g * (joint.type === 'revolute' ? 1 : 0.5));
      this.addEffort(folder, joint.name, joint, -limit, limit);
    }
    folder.close();
  }

  private addEffort(folder: GUI, label: string, joint: JointInfo, min: number, max: number): void {
    this.effortValues[label] = 0;
    this.effortIndex[label] = joint.vIndex;
    folder
      .add(this.effortValues, label, min, max, (max - min) / 400)
      .name(`${label} ${joint.type === 'revolute' ? 'τ (N·m)' : 'F (N)'}`)
      .onChange((value: number) => this.hooks.setEffort(joint.vIndex, value))
      .domElement.dataset.sceneText = 'true'; // the joint's own name (scene content, not translated)
  }

  /** Writes every effort slider into the engine (after a change, and after a rebuild). */
  writeEfforts(): void {
    for (const [name, value] of Object.entries(this.effortValues)) this.hooks.setEffort(this.effortIndex[name], value);
  }

  /**
   * Moves one of the scene's sliders (by its index, its label as written or as shown in the page's
   * language, or its JSON path) as the user would, within its range: '' when done, else why not.
   */
  setSlider(slider: string | number, value: number): string {
    const found = typeof slider === 'number' ? this.sliders[slider] : this.sliders.find((s) => s.label === slider || s.shown() === slider || s.path === slider);
    if (!found) return `no slider ${JSON.stringify(slider)} in this scene (its sliders: ${this.sliders.map((s) => s.label).join(', ') || 'none'})`;
    found.apply(value);
    return '';
  }

  /** After the keyboard changed the playback state. */
  syncPlayback(): void {
    this.playback.speed = speedLabel(this.hooks.loop.speed);
    this.speedControl.updateDisplay();
    this.pauseButton.name(t(this.hooks.loop.paused ? 'panel.play' : 'panel.pause'));
  }

  private edit(path: string, value: Json): void {
    this.rebuildWith(withValue(this.scene, path, value));
  }

  /** Every slider back to its value in the scene as it was loaded: one rebuild, then the motors' targets. */
  resetSliders(): void {
    let next: SceneObject | null = this.scene;
    for (const { path, value, motor } of this.loadedSliders) if (!motor) next = next && withValue(next, path, value);
    this.rebuildWith(next);
    for (const { path, value, motor } of this.loadedSliders) if (motor) this.sliders.find((s) => s.path === path)?.apply(value);
  }

  private rebuildWith(next: SceneObject | null): void {
    if (next && this.hooks.rebuild(next)) {
      this.scene = next;
      this.writeEfforts();
    }
    this.refresh(); // shows the running scene's values: the new ones, or the old on failure
  }

  /** Every control shows the running scene's value. */
  private refresh(): void {
    const world = worldSettings(this.scene);
    [this.world.gx, this.world.gy, this.world.gz] = world.gravity;
    this.world.timestep = world.timestep;
    this.world.integrator = world.integrator;
    this.world.dynamics = world.dynamics;
    this.world.iterations = world.iterations;
    for (const field of ['friction', 'restitution'] as const) {
      const range = shapeCoefficientRange(this.scene, field);
      this.inScene[field] = !range ? t('panel.noShapes') : range.min === range.max ? t('panel.everyShape', { value: formatNumber(range.min) }) : t('panel.mixed', { min: formatNumber(range.min), max: formatNumber(range.max) });
      if (range) this.world[field] = range.min;
    }
    const sliders = (this.scene.meta as { sliders?: SceneSlider[] } | undefined)?.sliders ?? [];
    for (const controller of this.sceneFolder.controllers) {
      const path = controller.domElement.dataset.path;
      const slider = sliders.find((s) => s.path === path);
      const value = slider ? getPointer(this.scene, slider.path) : undefined;
      if (typeof value === 'number') (controller.object as Record<string, number>)[controller.property] = value;
    }
    for (const controller of this.gui.controllersRecursive()) controller.updateDisplay();
    this.syncPlayback();
  }
}
