// The control panel (lil-gui). World: gravity, time step, integrator and dynamics algorithm;
// Scene: the scene's own meta.sliders and the joint efforts; Playback: speed, pause, step, reset;
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
  /** The scene's sliders in order, with what moving each one does (for setSlider). */
  private sliders: { label: string; path: string; apply: (value: number) => void }[] = [];
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
    this.gui = new GUI({ container, title: 'Controls', width: 270 });

    this.worldFolder = this.gui.addFolder('World');
    const edit = (path: string, value: Json) => this.edit(path, value);
    // The whole vector, so that a scene without world.gravity gets one.
    const gravity = () => edit('/world/gravity', [this.world.gx, this.world.gy, this.world.gz]);
    this.worldFolder.add(this.world, 'gx', -30, 30, 0.01).name('gravity x (m/s²)').onFinishChange(gravity);
    this.worldFolder.add(this.world, 'gy', -30, 30, 0.01).name('gravity y (m/s²)').onFinishChange(gravity);
    this.worldFolder.add(this.world, 'gz', -30, 30, 0.01).name('gravity z (m/s²)').onFinishChange(gravity);
    this.worldFolder.add(this.world, 'timestep', 0.0001, 0.02, 0.0001).name('time step dt (s)').onFinishChange((v: number) => edit('/world/timestep', v));
    // The stepping mode follows the integrator (semi-implicit Euler: realtime; RK: accurate), so
    // changing one drops a scene's explicit "stepping" rather than contradict it.
    this.worldFolder
      .add(this.world, 'integrator', ['semi-implicit-euler', 'rk4', 'rk45'])
      .name('integrator (stepping)')
      .onFinishChange((v: string) => this.rebuildWith(withoutStepping(withValue(this.scene, '/world/integrator', v))));
    this.worldFolder.add(this.world, 'dynamics', ['aba', 'crba']).name('dynamics').onFinishChange((v: string) => edit('/world/dynamics', v));
    this.worldFolder.add(this.world, 'iterations', 1, 200, 1).name('solver iterations').onFinishChange((v: number) => {
      const solver = { ...((getPointer(this.scene, '/world/solver') as { [key: string]: Json } | undefined) ?? {}), iterations: v };
      edit('/world/solver', solver);
    });
    // Contact coefficients: a read-only row with what the scene's colliding shapes have (one value
    // or their range), then a slider that sets every shape (it starts at the smallest). The
    // tooltips give a pair's rule.
    const coefficient = (field: 'friction' | 'restitution', symbol: string, pair: string, max: number, rule: string) => {
      this.worldFolder.add(this.inScene, field).name(`${field} ${symbol} (pair: ${pair})`).disable().domElement.title = rule;
      this.worldFolder.add(this.world, field, 0, max, 0.01).name(`set ${symbol} of all shapes`).onFinishChange((v: number) => this.rebuildWith(withEveryShape(this.scene, field, v))).domElement.title = rule;
    };
    coefficient('friction', 'μ', '√(μa μb)', 2, 'A touching pair slides with the geometric mean of its two coefficients, μ = √(μa μb).');
    coefficient('restitution', 'e', 'min', 1, 'A colliding pair bounces with the smaller of its two coefficients, e = min(ea, eb): a less elastic body makes every impact it takes part in less elastic.');

    this.sceneFolder = this.gui.addFolder('Scene');

    this.playbackFolder = this.gui.addFolder('Playback');
    this.speedControl = this.playbackFolder
      .add(this.playback, 'speed', SPEEDS.map(speedLabel))
      .name('speed')
      .onChange((label: string) => (hooks.loop.speed = SPEEDS[SPEEDS.map(speedLabel).indexOf(label)] ?? 1));
    const actions = {
      pause: () => hooks.setPaused(!hooks.loop.paused),
      step: () => hooks.step(),
      reset: () => hooks.reset(),
      frameAll: () => hooks.frameAll(),
      help: () => hooks.help(),
    };
    this.pauseButton = this.playbackFolder.add(actions, 'pause').name('pause (space)');
    this.playbackFolder.add(actions, 'step').name('step (s)');
    this.playbackFolder.add(actions, 'reset').name('reset (r)');

    const view = this.gui.addFolder('View');
    view.add(hooks.overlays, 'joints').name('joint frames and axes');
    view.add(hooks.overlays, 'centersOfMass').name('centres of mass');
    view.add(hooks.overlays, 'boxes').name('bounding boxes (AABB)');
    // Contacts: drawn from the engine's contact buffer (overlays.ts, setContacts) when it has one.
    const contacts = view.add(hooks.overlays, 'contacts');
    if (hooks.contactsAvailable) contacts.name('contact points and normals');
    else contacts.name('contacts (not in this engine build)').disable();
    view.add(hooks.view, 'follow').name('follow selected (l)');
    view.add(hooks.view, 'trace').name('trace a point: click a body (t)');
    view.add(hooks.view, 'trailSeconds', 0.5, 60, 0.5).name('trail length (s)');
    view.add({ clear: () => hooks.clearTrails() }, 'clear').name('clear trails');
    view.add(actions, 'frameAll').name('frame all (f)');
    view.add(actions, 'help').name('keys and mouse (h)');

    this.worldFolder.close();
    // A phone starts with the panel folded to its title bar.
    if (window.matchMedia('(max-width: 600px)').matches) this.gui.close();
  }

  /** A new scene was loaded (not a rebuild by the panel itself). */
  setScene(scene: SceneObject, bodies: BodyInfo[], joints: JointInfo[]): void {
    this.scene = scene;
    for (const child of [...this.sceneFolder.children]) child.destroy();

    const sliders = ((scene.meta as { sliders?: SceneSlider[] } | undefined)?.sliders ?? []).filter(
      (s) => typeof getPointer(scene, s.path) === 'number',
    );
    this.sliderValues = {};
    this.sliders = [];
    sliders.forEach((slider, i) => {
      const key = `s${i}`;
      this.sliderValues[key] = getPointer(scene, slider.path) as number;
      const controller = this.sceneFolder.add(this.sliderValues, key, slider.min, slider.max, slider.step);
      controller.name(slider.unit ? `${slider.label} (${slider.unit})` : slider.label);
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
      this.sliders.push({ label: slider.label, path: slider.path, apply });
    });

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
      const folder = this.sceneFolder.addFolder('Actuators');
      for (const effort of listed) {
        const joint = driven.find((j) => j.name === effort.joint);
        if (joint) this.addEffort(folder, effort.label, joint, effort.min, effort.max);
      }
      return;
    }
    if (driven.length === 0) return;
    const shown = driven.slice(0, MAX_EFFORT_SLIDERS);
    const title = driven.length > shown.length ? `Joint efforts (first ${shown.length} of ${driven.length})` : 'Joint efforts';
    const folder = this.sceneFolder.addFolder(title);
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
      .onChange((value: number) => this.hooks.setEffort(joint.vIndex, value));
  }

  /** Writes every effort slider into the engine (after a change, and after a rebuild). */
  writeEfforts(): void {
    for (const [name, value] of Object.entries(this.effortValues)) this.hooks.setEffort(this.effortIndex[name], value);
  }

  /**
   * Moves one of the scene's sliders (by its index, label or JSON path) as the user would, within
   * its range: '' when done, else why not.
   */
  setSlider(slider: string | number, value: number): string {
    const found = typeof slider === 'number' ? this.sliders[slider] : this.sliders.find((s) => s.label === slider || s.path === slider);
    if (!found) return `no slider ${JSON.stringify(slider)} in this scene (its sliders: ${this.sliders.map((s) => s.label).join(', ') || 'none'})`;
    found.apply(value);
    return '';
  }

  /** After the keyboard changed the playback state. */
  syncPlayback(): void {
    this.playback.speed = speedLabel(this.hooks.loop.speed);
    this.speedControl.updateDisplay();
    this.pauseButton.name(this.hooks.loop.paused ? 'play (space)' : 'pause (space)');
  }

  private edit(path: string, value: Json): void {
    this.rebuildWith(withValue(this.scene, path, value));
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
      this.inScene[field] = !range ? 'no colliding shapes' : range.min === range.max ? `${range.min} (every shape)` : `${range.min} to ${range.max} (mixed)`;
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
