// Wires the page: engine, renderer, loop, controls. Scene text goes to the engine as is; the
// engine validates it and answers with '' or a message naming the JSON path. Scene data only
// ever reaches the page as textContent.
import type { BodyInfo } from 'featherweight-wasm/featherweight.js';
import * as THREE from 'three';
import { DragController } from './drag';
import { Hud } from './hud';
import { LivePlots } from './plots';
import { PoseView, POSE_STRIDE } from './pose_view';
import { Renderer, type CameraSetup } from './renderer';
import { DEFAULT_SCENE, fetchSceneIndex, fetchSceneText, sceneFromAddress } from './scene_source';
import { SimLoop } from './sim_loop';
import { loadEngine } from './wasm_loader';

interface SceneMeta {
  title?: string;
  description?: string;
  observe?: string[];
  plots?: { quantity: string; joint?: string }[];
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
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    byId('loading').hidden = true;
    showError(`The physics engine (WebAssembly) could not be loaded: ${String(error)}`);
    return;
  }
  const sim = new engine.Simulation();
  const renderer = new Renderer(byId<HTMLCanvasElement>('view'));
  const poses = new PoseView(engine, sim);
  const loop = new SimLoop((count) => sim.step(count), () => sim.timestep());
  const hud = new Hud(byId('hud'));
  const canvas = byId<HTMLCanvasElement>('view');
  const drag = new DragController(engine, sim, renderer, canvas);
  const plots = new LivePlots(engine, sim, byId('plot'), byId<HTMLSelectElement>('plot-picker'));
  byId('plot-csv').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([plots.csv()], { type: 'text/csv' }));
    link.download = 'featherweight-plot.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  });

  // Loads scene text; on failure the message is shown and the previous scene keeps running.
  function applyScene(text: string, origin: string): boolean {
    const error = sim.load(text);
    if (error !== '') {
      showError(`${origin}: ${error}`);
      return false;
    }
    byId('error').hidden = true;
    poses.invalidate();
    renderer.setBodies(JSON.parse(sim.bodiesJson()) as BodyInfo[]);
    const doc = JSON.parse(text) as { meta?: SceneMeta; camera?: CameraSetup };
    renderer.setCamera(doc.camera);
    showMeta(doc.meta, origin);
    plots.setScene(doc.meta?.plots);
    loop.clearBacklog();
    return true;
  }

  async function openScene(file: string): Promise<boolean> {
    try {
      return applyScene(await fetchSceneText(file), file);
    } catch (error) {
      showError(String(error));
      return false;
    }
  }

  const picker = byId<HTMLSelectElement>('scene-picker');
  const requested = sceneFromAddress(window.location);
  try {
    for (const entry of await fetchSceneIndex()) picker.add(new Option(entry.title, entry.file));
  } catch (error) {
    showError(String(error));
  }
  if (!(await openScene(requested)) && requested !== DEFAULT_SCENE) await openScene(DEFAULT_SCENE);
  picker.value = requested;
  picker.addEventListener('change', async () => {
    if (await openScene(picker.value)) {
      const url = new URL(window.location.href);
      url.searchParams.set('scene', picker.value);
      history.replaceState(null, '', url);
    }
  });

  const playButton = byId<HTMLButtonElement>('play');
  const setPaused = (paused: boolean) => {
    loop.paused = paused;
    playButton.textContent = paused ? 'Play' : 'Pause';
  };
  const stepOnce = () => {
    setPaused(true);
    loop.singleStep();
  };
  const reset = () => {
    sim.reset();
    loop.clearBacklog();
  };
  playButton.addEventListener('click', () => setPaused(!loop.paused));
  byId('step').addEventListener('click', stepOnce);
  byId('reset').addEventListener('click', reset);
  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === ' ') setPaused(!loop.paused);
    else if (event.key === 's') stepOnce();
    else if (event.key === 'r') reset();
    else return;
    event.preventDefault();
  });

  // A tiny read-only handle for the browser tests.
  Object.assign(window, {
    __featherweight: {
      time: () => sim.time(),
      timestep: () => sim.timestep(),
      bodyCount: () => sim.bodyCount(),
      bodyPose: (i: number) => Array.from(poses.poses.subarray(i * POSE_STRIDE, (i + 1) * POSE_STRIDE)),
      toScreen: (x: number, y: number, z: number) => renderer.toScreen(new THREE.Vector3(x, y, z)),
      plotSamples: () => plots.sampleCount,
    },
  });

  byId('loading').hidden = true;
  let last = performance.now();
  const frame = (now: number) => {
    const wallSeconds = (now - last) / 1000;
    last = now;
    loop.frame(wallSeconds);
    renderer.applyPoses(poses.poses);
    drag.update();
    plots.sample(sim.time());
    renderer.render();
    hud.update(loop, sim.time(), sim.bodyCount(), sim.nv());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

void main();
