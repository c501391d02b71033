// Wires the page: engine, renderer, loop, controls. Scene text goes to the engine as is; the
// engine validates it and answers with '' or a message naming the JSON path. Scene data only
// ever reaches the page as textContent.
import type { BodyInfo, JointInfo } from 'featherweight-wasm/featherweight.js';
import * as THREE from 'three';
import { DragController, staticBodiesOf } from './view/drag';
import { HelpOverlay } from './panel/help';
import { Hud } from './panel/hud';
import { CONTACT_STRIDE, Overlays } from './view/overlays';
import { Panel } from './panel/panel';
import { LivePlots, type PlotSuggestion } from './plots/plots';
import { poseView, velocityView, POSE_STRIDE, VELOCITY_STRIDE } from './engine/body_buffer_view';
import { Renderer, type CameraSetup } from './view/renderer';
import { cloneScene, type Json, type SceneObject } from './scene/scene_doc';
import { DEFAULT_SCENE, fetchSceneIndex, fetchSceneText, sceneFromAddress } from './scene/scene_source';
import { SimLoop } from './engine/sim_loop';
import { Float32HeapView, Float64HeapView } from './engine/heap_view';
import { SceneEditorLoader } from './editor/editor_loader';
import { loadEngine } from './engine/wasm_loader';
import { encodeSceneLink, isSceneLink } from './share/scene_link';
import { ShareButton } from './share/share_button';
import { GuardedEngine } from './guard/engine_guard';
import { describeThrown, loadSceneText, sceneTextFromLinkSafely } from './guard/scene_entry';
import { StepErrorWatch } from './guard/step_watch';
import { splitMoment, withMoment } from './share/link_time';
import { DEFAULT_BUDGET_MB, TimeMachine } from './timeline/time_machine';
import { targetOwnsKey } from './timeline/timeline_bar';
import { ScenePicker } from './picker/scene_picker';
import { Questions, type SceneQuestion } from './questions/questions';
import { Trails } from './trails/trails';
import { Teaching } from './teaching/teaching';
import { addEmbedDialog, setUpEmbedding } from './embed/embed';
import { readEmbedOptions } from './embed/embed_options';
import { MAX_SCENE_BYTES } from './share/scene_link';
import { PageControllers } from './controllers/page_controllers';
import { BuildMode } from './builder/build_mode';
import { Framing, lookAhead } from './view/framing';
import type { DebugHandle } from './debug/debug_handle';

interface SceneMeta {
  title?: string;
  description?: string;
  observe?: string[];
  plots?: PlotSuggestion[];
  questions?: SceneQuestion[];
}

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element as T;
}

function showError(message: string): void {
  byId('error-text').textContent = message;
  byId('error').hidden = false;
}

function showMeta(meta: SceneMeta | undefined, fallbackTitle: string): void {
  byId('scene-title').textContent = meta?.title ?? fallbackTitle;
  byId('scene-description').textContent = meta?.description ?? '';
  const list = byId('scene-observe');
  list.replaceChildren(
    ...(meta?.observe ?? []).map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }),
  );
  document.title = `${meta?.title ?? fallbackTitle} · Featherweight`;
}

async function main(): Promise<void> {
  byId('error-close').addEventListener('click', () => (byId('error').hidden = true));
  // Nothing that goes wrong later may pass unsaid: an error anywhere is shown, the page goes on.
  window.addEventListener('error', (event) => showError(`Something went wrong: ${event.message}`));
  window.addEventListener('unhandledrejection', (event) => showError(`Something went wrong: ${describeThrown(event.reason)}`));
  // Every call into the engine goes through the guard: a trap or an escaped exception is said,
  // and a fresh module runs the last scene again (web/src/guard/engine_guard.ts).
  let guard: GuardedEngine;
  let engineFailure = '';
  try {
    guard = await GuardedEngine.start({
      create: loadEngine,
      onFailure: (failure) => {
        if (failure.restarting) engineFailure = failure.message;
        showError(failure.message);
      },
      // The scene runs again from its start; with none to bring back, the default scene opens.
      onRestarted: async (text) => {
        if (text !== null) sceneRuns(JSON.parse(text) as SceneObject, 'Restarted scene');
        else await openScene(DEFAULT_SCENE);
        showError(`${engineFailure}\n${text !== null ? 'It runs again; the last scene that ran starts from its beginning.' : 'It runs again, with the default scene.'}`);
      },
    });
  } catch (error) {
    byId('loading').hidden = true;
    showError(`The physics engine (WebAssembly) could not be loaded: ${String(error)}`);
    return;
  }
  const { engine, sim } = guard;
  const canvas = byId<HTMLCanvasElement>('view');
  const renderer = new Renderer(canvas);
  // The scene is framed in the part of the view no panel covers (web/src/view/framing.ts).
  const framing = new Framing(renderer, canvas);
  const poses = poseView(engine, sim);
  const velocities = velocityView(engine, sim);
  const efforts = new Float64HeapView(engine);
  const contactData = new Float32HeapView(engine);
  // Contacts come from the core when the module reports them (contactCount/contactsPointer).
  const hasContacts = typeof sim.contactCount === 'function' && typeof sim.contactsPointer === 'function';
  const readContacts = () => {
    if (!hasContacts || !overlays.toggles.contacts) return;
    const count = sim.contactCount();
    overlays.setContacts(count > 0 ? contactData.at(sim.contactsPointer(), count * CONTACT_STRIDE) : null, count);
  };
  // Every step and every input goes through the time machine (web/src/timeline), which records them.
  const loop = new SimLoop((count) => controllers.step(count), () => sim.timestep());
  const hud = new Hud(byId('hud'));
  const drag = new DragController(engine, sim, renderer, canvas, {
    start: (body, point) => timeMachine.input({ kind: 'drag-start', body, point }),
    move: (point) => timeMachine.input({ kind: 'drag-move', point }),
    end: () => timeMachine.input({ kind: 'drag-end' }),
  });
  const overlays = new Overlays(renderer.scene);
  const help = new HelpOverlay(byId('help'));
  const questions = new Questions(byId('questions'));
  const plots = new LivePlots(engine, sim, velocities, byId('plot'), byId<HTMLSelectElement>('plot-picker'), byId<HTMLSelectElement>('plot-x'));
  byId('plot-png').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = plots.png();
    link.download = 'featherweight-plot.png';
    link.click();
  });
  byId('plot-csv').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([plots.csv()], { type: 'text/csv' }));
    link.download = 'featherweight-plot.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  });
  const budgetMb = Number(new URLSearchParams(window.location.search).get('timeline-mb'));
  const timeMachine = new TimeMachine(
    byId('timeline'),
    {
      sim,
      efforts: () => efforts.at(sim.effortsPointer(), sim.nv()),
      coordinates: () => {
        const q = new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq()), v = new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv());
        const both = new Float64Array(q.length + v.length);
        both.set(q);
        both.set(v, q.length);
        return both;
      },
      sceneRan: (text) => sceneLoaded(JSON.parse(text) as SceneObject, true),
      setPaused: (paused) => setPaused(paused),
      moved: (time, branched) => {
        plots.moved(time, branched);
        trails.truncateAfter(time);
        showPlayhead();
        loop.clearBacklog();
        controllers.moved();
      },
      // Plot and trails sample the world at every sampling step, never once a frame.
      sampled: (_step, time) => {
        plots.sample(time);
        trails.sample(time, bodyPose64);
      },
      resampled: () => showPlayhead(),
    },
    (budgetMb > 0 && budgetMb <= 4096 ? budgetMb : DEFAULT_BUDGET_MB) * 1024 * 1024,
  );
  const bodyPoses = new Float64HeapView(engine);
  const bodyPose64 = (body: number) => {
    const pointer = sim.bodyPosePointer(body);
    return pointer === 0 ? null : bodyPoses.at(pointer, POSE_STRIDE);
  };
  plots.onHistory = (time) => timeMachine.resample(Math.floor(time / sim.timestep() + 1e-9));
  const showPlayhead = () => plots.setPlayhead(timeMachine.step < timeMachine.end ? sim.time() : null);
  plots.onTimeClick = (time) => timeMachine.mark(time);
  collapsible(byId('panel-toggle'), byId('panel'), () => {});
  collapsible(byId('plot-toggle'), byId('plot-panel'), () => plots.resize());
  if (window.matchMedia('(max-width: 600px)').matches) byId('plot-toggle').click(); // a phone starts with the plot folded

  let bodies: BodyInfo[] = [];
  let selected = -1;
  const view = { follow: false, trace: false, trailSeconds: 5 };
  // Trails (web/src/trails): in trace mode a click on a body traces that point instead of grabbing it.
  const trails = new Trails(renderer.scene);
  drag.onPress = (body, point) => {
    if (!view.trace) return false;
    trails.add(body, point, bodyPose64(body) ?? poses.values.subarray(body * POSE_STRIDE, (body + 1) * POSE_STRIDE));
    return true;
  };
  // Teaching aids (web/src/teaching): energy bars, vectors, ruler and protractor, readout.
  const teaching = new Teaching(engine, sim, renderer.scene, renderer, canvas, {
    pose: (body) => poses.values.subarray(body * POSE_STRIDE, (body + 1) * POSE_STRIDE),
    angularVelocity: (body) => {
      const v = velocities.values, o = body * VELOCITY_STRIDE;
      return [v[o + 3], v[o + 4], v[o + 5]];
    },
  });
  const select = (body: number) => {
    selected = body < bodies.length ? body : -1;
    renderer.setSelected(selected);
  };
  drag.onPick = select;

  // The scene running now, with the panel's edits (its initial state, not the state reached).
  let currentDoc: SceneObject = {};
  // What Share and Download hand on: the running scene and the view as it is now.
  const sceneToShare = (): SceneObject => ({ ...cloneScene(currentDoc), camera: renderer.cameraSetup() as unknown as Json });

  // The scene editor: its text follows the running scene, and its messages stay in the editor.
  const editor = new SceneEditorLoader(byId('editor-panel'), byId<HTMLButtonElement>('edit-open'), {
    load: (text, origin) => loadScene(text, origin),
    sceneToSave: sceneToShare,
  });

  // Controllers (web/src/controllers): a scene's control law, run isolated and in lockstep.
  // `galleryScene` is set while one of the gallery's own scenes loads: its controller runs at once.
  let galleryScene = false;
  const controllers = new PageControllers(byId('controller'), byId('controller-editor'), {
    engine,
    sim,
    timeline: timeMachine,
    scene: () => currentDoc,
    load: (text, origin) => loadScene(text, origin),
    reset: () => reset(),
    setPaused: (paused) => setPaused(paused),
    signals: (values) => plots.setSignals(values),
  });

  // After sim.load() succeeded: everything that depends on the scene's bodies and joints.
  // The scene list names what runs, gallery scene or not (web/src/picker).
  const picker = new ScenePicker(byId<HTMLSelectElement>('scene-picker'));

  function sceneLoaded(doc: SceneObject, rebuild: boolean): void {
    currentDoc = doc;
    if (!rebuild) {
      trails.clear();
      timeMachine.startRecording(JSON.stringify(doc)); // a scene from its start: a new recording
      questions.setScene((doc.meta as SceneMeta | undefined)?.questions);
      // Predict, then observe: a scene that asks waits at t = 0 for the student's Play.
      if ((doc.meta as SceneMeta | undefined)?.questions?.length) setPaused(true);
    }
    poses.invalidate();
    velocities.invalidate();
    bodies = JSON.parse(sim.bodiesJson()) as BodyInfo[];
    const joints = JSON.parse(sim.jointsJson()) as JointInfo[];
    drag.staticBodies = staticBodiesOf(joints);
    renderer.setBodies(bodies);
    overlays.setScene(bodies, joints, poses.values);
    teaching.setScene(bodies, overlays.sceneBox(poses.values, new THREE.Box3()).getSize(new THREE.Vector3()).length());
    plots.setScene((doc.meta as SceneMeta | undefined)?.plots, bodies, rebuild);
    select(rebuild ? selected : -1);
    if (!rebuild) panel.setScene(doc, bodies, joints);
    editor.showScene(doc);
    controllers.sceneLoaded(doc, rebuild, galleryScene);
    build?.sceneChanged(doc);
    loop.clearBacklog();
    byId('error').hidden = true;
  }

  // Loads scene text: '' when it runs, else the loader's message; the previous scene keeps running.
  function loadScene(text: string, origin: string): string {
    try {
      return runSceneText(text, origin);
    } catch (error) {
      return `The scene could not be loaded: ${describeThrown(error)}`;
    }
  }
  function runSceneText(text: string, origin: string): string {
    const error = loadSceneText(sim, text);
    if (error !== '') return error;
    sceneRuns(JSON.parse(text) as SceneObject, origin);
    return '';
  }

  /** The engine runs `doc` now, from its start: the page shows it (from the scene's view, unless `keepView`). */
  function sceneRuns(doc: SceneObject, origin: string, keepView = false): void {
    if (!keepView) renderer.setCamera(doc.camera as unknown as CameraSetup | undefined);
    showMeta(doc.meta as SceneMeta | undefined, origin);
    if (origin !== 'Restarted scene') picker.show(galleryScene ? origin : null, byId('scene-title').textContent ?? origin, origin); // a restart runs the same scene
    sceneLoaded(doc, false);
    // The scene's view gives the direction; a shared link's view is the sharer's and stays as it is.
    if (!keepView && origin !== 'Shared link') framing.frame(lookAhead(sim, () => overlays.sceneBox(poses.values, new THREE.Box3())));
    else framing.release();
  }

  // A gallery scene by file name: '' when it runs, else why not (the previous scene keeps running).
  async function sceneFileProblem(file: string): Promise<string> {
    try {
      const text = await fetchSceneText(file);
      galleryScene = true;
      const error = loadScene(text, file);
      return error === '' ? '' : `${file}: ${error}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      galleryScene = false;
    }
  }

  async function openScene(file: string): Promise<boolean> {
    const problem = await sceneFileProblem(file);
    if (problem !== '') showError(problem);
    return problem === '';
  }

  const playButton = byId<HTMLButtonElement>('play');
  let build: BuildMode | undefined = undefined;
  const setPaused = (paused: boolean) => {
    if (!paused && build?.active) build.leave(); // Play runs what was built
    loop.paused = paused;
    playButton.textContent = paused ? 'Play' : 'Pause';
    panel.syncPlayback();
  };
  const stepOnce = () => {
    setPaused(true);
    loop.singleStep();
  };
  const reset = () => {
    sim.reset();
    timeMachine.startRecording(JSON.stringify(currentDoc));
    plots.newRecording();
    trails.clear();
    teaching.reset();
    loop.clearBacklog();
    controllers.reset();
  };
  const frameAll = () => {
    // A builder gets room around the parts to place the next ones, and a view that holds still under the clicks.
    framing.frame(overlays.sceneBox(poses.values, new THREE.Box3()), build?.active ?? false);
    if (build?.active) framing.release();
  };

  const panel = new Panel(byId('gui-host'), {
    loop,
    setPaused,
    step: stepOnce,
    reset,
    // The panel's edits: the motion carries on from now with the new numbers (the timeline
    // records the edit; after going back it branches there), or, when the scene's structure or
    // time step changed, starts again from the initial state. The view and the plot are kept.
    rebuild: (doc) => {
      const { error, carried } = timeMachine.rebuild(JSON.stringify(doc));
      if (error !== '') {
        showError(`Panel: ${error}\nThe previous settings keep running.`);
        return false;
      }
      sceneLoaded(doc, true);
      if (!carried) plots.newRecording();
      return true;
    },
    setMotorTarget: (index, position, velocity) => timeMachine.input({ kind: 'motor', index, position, velocity }),
    setEffort: (index, value) => timeMachine.input({ kind: 'effort', index, value }),
    overlays: overlays.toggles,
    contactsAvailable: hasContacts,
    view,
    clearTrails: () => trails.clear(),
    frameAll,
    help: () => help.toggle(),
  });
  teaching.addControls(panel.gui);

  // Build mode (web/src/builder): scenes made with the mouse, each edit an ordinary scene.
  build = new BuildMode(byId('build-bar'), byId('build-props'), {
    renderer,
    canvas,
    run: (scene) => {
      const error = loadSceneText(sim, JSON.stringify(scene));
      if (error !== '') return error;
      sceneRuns(cloneScene(scene), 'Built scene', true); // the view stays where the builder has it
      return '';
    },
    currentScene: () => currentDoc,
    bodyNames: () => bodies.map((b) => b.name),
    poses: () => poses.values,
    bodyPose: (body) => new Float64Array(engine.HEAPF64.buffer, sim.bodyPosePointer(body), 7),
    setPaused,
    time: () => sim.time(),
    rewind: () => timeMachine.goToStep(0, true), // back to t = 0 on the timeline: the recording stays
    suspendGrab: (suspended) => (drag.suspended = suspended),
    activeChanged: (active) => {
      if (active) framing.release(); // the builder's view is the builder's
      byId('gui-host').hidden = active;
      byId('build-open').setAttribute('aria-pressed', String(active));
      document.body.classList.toggle('building', active);
    },
  });
  byId('build-open').addEventListener('click', () => build?.toggle());

  // ---- Share links (web/src/share): the whole scene in the address's #scene=… fragment ----
  // The link the Share button makes: the running scene with the panel's edits, and the view.
  const shareLink = (): string => {
    const url = new URL(window.location.href);
    url.searchParams.delete('scene'); // the link carries the scene itself
    // A paused (or scrubbed) page shares its moment too: the link opens there, paused.
    url.hash = withMoment(encodeSceneLink(sceneToShare()), timeMachine.moment(loop.paused));
    return url.href;
  };
  new ShareButton(byId('share'), byId('share-status'), byId<HTMLInputElement>('share-field'), shareLink);
  addEmbedDialog(byId('share-box'), shareLink);
  // ?embed and ?present (web/src/embed): the layout, and the parent page's postMessage commands.
  const embedding = setUpEmbedding(readEmbedOptions(window.location.search), panel.gui, byId('panel').querySelector('.controls')!, {
    play: () => setPaused(false),
    pause: () => setPaused(true),
    reset,
    // Taken over the next frames (a budget's worth each), so 100,000 steps never freeze the page.
    step: (count) => {
      setPaused(true);
      const done = () => embedding.messages?.report('stepped', { time: sim.time() });
      if (!controllers.running) return loop.queueSteps(count, done);
      controllers.step(count, false);
      void controllers.whenIdle().then(done);
    },
    setSlider: (slider, value) => panel.setSlider(slider, value),
    loadScene: (scene) => {
      const text = typeof scene === 'string' ? scene : JSON.stringify(scene ?? null);
      if (text.length > MAX_SCENE_BYTES) return `the scene is larger than ${MAX_SCENE_BYTES / (1024 * 1024)} MB`;
      return loadScene(text, 'Embedding page');
    },
    state: () => ({
      time: sim.time(),
      paused: loop.paused,
      q: Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq())),
      qd: Array.from(new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv())),
      title: byId('scene-title').textContent ?? '',
    }),
  });
  /** Runs the scene a link carries: '' when it runs, else why not (the running scene stays). */
  function openSceneLink(fragment: string): string {
    const { scene, moment, problems } = splitMoment(fragment);
    const shared = sceneTextFromLinkSafely(scene);
    if ('error' in shared) return shared.error;
    const error = loadScene(shared.text, 'Shared link');
    if (error !== '') return `Shared link: ${error}`;
    // The link's moment: re-simulated from the start (deterministic), shown when reached.
    timeMachine.markers = moment.markers ?? [];
    if (moment.t !== undefined && moment.t > 0) {
      const refused = timeMachine.openAt(moment.t, moment.paused ?? false);
      if (refused) problems.push(refused);
    }
    else if (moment.paused) setPaused(true);
    if (problems.length > 0) showError(`Shared link: ${problems.join('; ')}.`);
    return '';
  }
  window.addEventListener('hashchange', () => {
    if (!isSceneLink(window.location.hash)) return;
    const problem = openSceneLink(window.location.hash);
    if (problem !== '') showError(`${problem}\nThe previous scene keeps running.`);
  });
  // ---- end of share links ----

  const requested = sceneFromAddress(window.location);
  try {
    picker.setGallery(await fetchSceneIndex());
  } catch (error) {
    showError(String(error));
  }
  // A scene link in the address runs first; when it cannot, the requested (or default) scene runs and the reason is shown.
  const linkProblem = isSceneLink(window.location.hash) ? openSceneLink(window.location.hash) : null;
  if (linkProblem !== '') {
    // The scene named in the address (?scene=…); if it does not run, the default, and why.
    const requestedProblem = await sceneFileProblem(requested);
    const shown = requestedProblem === '' ? requested : DEFAULT_SCENE;
    if (shown !== requested) await openScene(DEFAULT_SCENE);
    const problem = linkProblem ?? requestedProblem;
    if (problem !== '') showError(`${problem}\nShowing ${byId('scene-title').textContent || shown} instead.`);
  }
  picker.select.addEventListener('change', async () => {
    if (picker.value === '') return; // the running scene's own entry
    if (!(await openScene(picker.value))) picker.restore();
    else {
      // A scene picked from the list runs, whatever the last one was left at, unless it asks first.
      if (!(currentDoc.meta as SceneMeta | undefined)?.questions?.length && !build?.active) setPaused(false);
      const url = new URL(window.location.href);
      url.searchParams.set('scene', picker.value);
      url.hash = ''; // a shared scene's link no longer describes the page
      history.replaceState(null, '', url);
    }
  });

  playButton.addEventListener('click', () => setPaused(!loop.paused));
  byId('step').addEventListener('click', stepOnce);
  byId('reset').addEventListener('click', reset);
  byId('help-open').addEventListener('click', () => help.toggle());
  window.addEventListener('keydown', (event) => {
    if (targetOwnsKey(event.target, event.key)) return; // a text field's, a list's, the playhead's arrows
    if (editor.contains(event.target) || controllers.bar.contains(event.target)) return; // typing in an editor
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLButtonElement && (event.key === ' ' || event.key === 'Enter')) return; // the button's own
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === 'Escape' && help.isOpen) help.close();
    else if (key === 'h' || key === '?') help.toggle();
    else if (timeMachine.handleKey(key)) panel.syncPlayback();
    else if (key === ' ') setPaused(!loop.paused);
    else if (key === 's') stepOnce();
    else if (key === 'r') reset();
    else if (key === 'f') frameAll();
    else if (teaching.handleKey(key)) return event.preventDefault();
    else if (key === 't') {
      view.trace = !view.trace;
      panel.gui.controllersRecursive().forEach((c) => c.updateDisplay());
    }
    else if (key === 'l') {
      view.follow = !view.follow;
      panel.gui.controllersRecursive().forEach((c) => c.updateDisplay());
    } else if (key === '[' || key === ']') {
      loop.changeSpeed(key === '[' ? -1 : 1);
      panel.syncPlayback();
    } else return;
    event.preventDefault();
  });

  // Follow: the orbit target sits on the selected body's centre of mass.
  const followPoint = new THREE.Vector3();
  const frameBox = new THREE.Box3();
  const followRotation = new THREE.Quaternion();
  const follow = () => {
    if (!view.follow || selected < 0 || drag.active) return;
    framing.release(); // the followed body leads the view now
    const p = poses.values, o = selected * POSE_STRIDE;
    followRotation.set(p[o + 3], p[o + 4], p[o + 5], p[o + 6]);
    followPoint.set(...(bodies[selected].centerOfMass ?? [0, 0, 0])).applyQuaternion(followRotation);
    followPoint.x += p[o];
    followPoint.y += p[o + 1];
    followPoint.z += p[o + 2];
    renderer.moveTargetTo(followPoint);
  };

  // A tiny handle for the browser tests (reads, plus a few actions), typed by their one declaration.
  const debugHandle: DebugHandle = {
    time: () => sim.time(),
    timestep: () => sim.timestep(),
    bodyCount: () => sim.bodyCount(),
    bodyPose: (i: number) => Array.from(poses.values.subarray(i * POSE_STRIDE, (i + 1) * POSE_STRIDE)),
    bodyVelocity: (i: number) => Array.from(velocities.values.subarray(i * VELOCITY_STRIDE, (i + 1) * VELOCITY_STRIDE)),
    toScreen: (x: number, y: number, z: number) => renderer.toScreen(new THREE.Vector3(x, y, z)),
    plotSamples: () => plots.sampleCount,
    plot: () => plots.describe(),
    bodyNames: () => bodies.map((b) => b.name),
    camera: () => ({ position: renderer.camera.position.toArray(), target: renderer.target.toArray() }),
    speed: () => loop.speed,
    stepCostMs: () => loop.lastStepMs,
    selected: () => selected,
    contactCount: () => (hasContacts ? sim.contactCount() : -1),
    select,
    pause: () => setPaused(true),
    advance: (steps: number) => {
      setPaused(true);
      timeMachine.advance(steps);
      showPlayhead();
    },
    // Steps through the controller when one runs (its ticks in lockstep); resolves when taken.
    // `draw: false` holds the drawing meanwhile: a tick's answer waits behind each frame, and
    // software WebGL's frames are slow.
    advanceControlled: async (steps: number, draw = true) => {
      setPaused(true);
      drawingHeld = !draw;
      controllers.step(steps, false);
      await controllers.whenIdle();
      drawingHeld = false;
      showPlayhead();
    },
    controllerRunning: () => controllers.running,
    controllerSignals: () => controllers.lastSignals,
    q: () => Array.from(new Float64Array(engine.HEAPF64.buffer, sim.qPointer(), sim.nq())),
    v: () => Array.from(new Float64Array(engine.HEAPF64.buffer, sim.vPointer(), sim.nv())),
    // q and q̇ as bytes in hex: equal strings are bitwise equal states.
    qvHex: () => {
      const hex = (pointer: number, n: number) =>
        Array.from(new Uint8Array(engine.HEAPF64.buffer, pointer, 8 * n), (b) => b.toString(16).padStart(2, '0')).join('');
      return `${hex(sim.qPointer(), sim.nq())}|${hex(sim.vPointer(), sim.nv())}`;
    },
    timeline: () => timeMachine.status(),
    seekStep: (step: number) => timeMachine.goToStep(step, true),
    stepBy: (steps: number) => timeMachine.stepBy(steps),
    setEffort: (index: number, value: number) => timeMachine.input({ kind: 'effort', index, value }),
    paused: () => loop.paused,
    trails: () => trails.describe(),
    overlays: () => overlays.describe(),
    drawnBody: (i: number) => renderer.describeBody(i),
    drawnLastFrame: () => renderer.drawnLastFrame(),
    embedIgnored: () => embedding.messages?.ignored ?? 0,
    vectors: () => teaching.vectors.describe(),
    energy: () => teaching.energy.last,
    measure: () => teaching.measure.reading(),
    shareLink,
    sceneText: () => JSON.stringify(currentDoc),
    build: () => build?.describe(),
    sceneBox: () => {
      const box = overlays.sceneBox(poses.values, new THREE.Box3());
      return { min: box.min.toArray(), max: box.max.toArray() };
    },
  };
  Object.assign(window, { __featherweight: debugHandle });

  if (!embedding.options.autoplay) setPaused(true);
  embedding.messages?.report('loaded', { title: byId('scene-title').textContent ?? '' });
  byId('loading').hidden = true;
  // Whatever a person does may change the picture (a tint, a gizmo, an overlay, a dragged spring):
  // the renderer draws the next frames; otherwise it draws only when the poses or the camera move.
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'input', 'change', 'click', 'touchstart', 'touchmove', 'touchend', 'message']) {
    window.addEventListener(type, () => renderer.invalidate(), { capture: true, passive: true });
  }
  let last = performance.now();
  let frameFailed = false; // said once, not sixty times a second
  const frame = (now: number) => {
    requestAnimationFrame(frame); // first: a frame that throws must not end the loop
    try {
      drawFrame(now);
      frameFailed = false;
    } catch (error) {
      if (!frameFailed) showError(`Drawing the scene failed: ${describeThrown(error)}`);
      frameFailed = true;
    }
  };
  const stepWatch = new StepErrorWatch(() => sim.stepError(), (message) => {
    setPaused(true);
    showError(message);
  });
  let drawingHeld = false; // by the browser tests' advanceControlled(steps, false)
  const drawFrame = (now: number) => {
    const wallSeconds = (now - last) / 1000;
    last = now;
    if (drawingHeld) return;
    if (!timeMachine.busy) loop.frame(wallSeconds);
    timeMachine.frame();
    if (!loop.paused) showPlayhead();
    stepWatch.check();
    const current = poses.values;
    renderer.applyPoses(current);
    build?.drawn();
    readContacts();
    overlays.update(current);
    follow();
    framing.update(() => overlays.sceneBox(current, frameBox), sim.time());
    drag.update();
    plots.frame();
    trails.seconds = view.trailSeconds;
    trails.frame(sim.time());
    teaching.update(selected);
    questions.update(sim.time());
    embedding.messages?.reportTime(sim.time(), loop.paused);
    renderer.render(current, now);
    hud.update(loop, sim.time(), sim.bodyCount(), sim.nv(), sim.contactCount());
  };
  requestAnimationFrame(frame);
}

// A header button that folds a panel to its header and back.
function collapsible(button: HTMLElement, panel: HTMLElement, changed: () => void): void {
  button.addEventListener('click', () => {
    const collapsed = panel.classList.toggle('collapsed');
    button.setAttribute('aria-expanded', String(!collapsed));
    button.textContent = collapsed ? '▸' : '▾';
    changed();
  });
}

void main();
