// How a scene comes to run: scene text goes to the engine as is; the engine validates it and
// answers with '' or a message naming the JSON path, and the previous scene keeps running when it
// refuses. A scene that runs is shown (title, description, the view), read (its bodies and joints)
// and announced to the features (`events.sceneLoaded`).
import * as THREE from 'three';
import { describeThrown, loadSceneText } from '../guard/scene_entry';
import { ScenePicker } from '../picker/scene_picker';
import { cloneScene, type Json, type SceneObject } from '../scene/scene_doc';
import { DEFAULT_SCENE, fetchSceneText, isModelFile } from '../scene/scene_source';
import { staticBodiesOf } from '../view/drag';
import { lookAhead } from '../view/framing';
import type { CameraSetup } from '../view/renderer';
import { sceneBoxOf, type PageContext } from './page_context';
import { byId, hideError, metaOf, showError, showMeta } from './page_dom';
import { onLanguageChange, t } from '../i18n/i18n';
import { sitesOnBodies } from '../../../lib/scene_names';

export interface SceneFlow {
  /** The scene list names what runs, gallery scene or not (web/src/picker). */
  picker: ScenePicker;
  /** Loads scene text: '' when it runs, else the loader's message; the previous scene keeps running. */
  loadScene(text: string, origin: string): string;
  /** The engine runs `doc` now, from its start: the page shows it (from the scene's view, unless `keepView`). */
  sceneRuns(doc: SceneObject, origin: string, keepView?: boolean): void;
  /** After sim.load() succeeded: everything that depends on the scene's bodies and joints. */
  sceneLoaded(doc: SceneObject, rebuild: boolean): void;
  /** A gallery scene by file name: '' when it runs, else why not (the previous scene keeps running). */
  sceneFileProblem(file: string): Promise<string>;
  /** A gallery scene, or the reason it cannot run shown; true when it runs. */
  openScene(file: string): Promise<boolean>;
  /** What Share and Download hand on: the running scene and the view as it is now. */
  sceneToShare(): SceneObject;
}

export function wireScenes(ctx: PageContext): SceneFlow {
  const { sim, state, views, renderer, events } = ctx;
  const picker = new ScenePicker(byId<HTMLSelectElement>('scene-picker'), byId<HTMLSelectElement>('scene-level'));

  function sceneLoaded(doc: SceneObject, rebuild: boolean): void {
    state.doc = doc;
    if (!rebuild) {
      ctx.trails.clear();
      ctx.timeMachine.startRecording(JSON.stringify(doc)); // a scene from its start: a new recording
      ctx.questions.setScene(metaOf(doc)?.questions);
      // Predict, then observe: a scene that asks waits at t = 0 for the student's Play.
      if (metaOf(doc)?.questions?.length) ctx.setPaused(true);
    }
    views.invalidate(); // the new world's buffers
    state.bodies = JSON.parse(sim.bodiesJson()) as typeof state.bodies;
    state.joints = JSON.parse(sim.jointsJson()) as typeof state.joints;
    ctx.drag.staticBodies = staticBodiesOf(state.joints);
    renderer.setBodies(state.bodies);
    renderer.setSites(sitesOnBodies(doc, state.bodies.map((b) => b.name)).map((site) => ({ body: site.index, position: site.position })));
    ctx.overlays.setScene(state.bodies, state.joints, views.poses);
    ctx.teaching.setScene(state.bodies, sceneBoxOf(ctx).getSize(new THREE.Vector3()).length());
    ctx.plots.setScene(metaOf(doc)?.plots, state.bodies, rebuild);
    ctx.select(rebuild ? state.selected : -1);
    events.sceneLoaded.emit(doc, rebuild); // the panel, the editor, the controllers, build mode
    ctx.loop.clearBacklog();
    hideError();
  }

  function loadScene(text: string, origin: string): string {
    try {
      const error = loadSceneText(sim, text);
      if (error !== '') return error;
      sceneRuns(JSON.parse(text) as SceneObject, origin);
      return '';
    } catch (error) {
      return t('page.sceneFailed', { error: describeThrown(error) });
    }
  }

  let shownOrigin = '';
  function sceneRuns(doc: SceneObject, origin: string, keepView = false): void {
    if (!keepView) renderer.setCamera(doc.camera as unknown as CameraSetup | undefined);
    if (origin !== 'Restarted scene') shownOrigin = origin;
    showMeta(metaOf(doc), origin);
    if (origin !== 'Restarted scene') picker.show(state.galleryScene ? origin : null, byId('scene-title').textContent ?? origin, origin); // a restart runs the same scene
    sceneLoaded(doc, false);
    // The scene's view gives the direction; a shared link's view is the sharer's and stays as it is.
    if (!keepView && origin !== 'Shared link') ctx.framing.frame(lookAhead(sim, () => sceneBoxOf(ctx)));
    else ctx.framing.release();
  }

  async function sceneFileProblem(file: string): Promise<string> {
    try {
      const model = isModelFile(file) ? (picker.entries.find((e) => e.file === file) ?? { file, title: file }) : null;
      // The converter loads with the first model, not with the page.
      const text = model ? await (await import('../mjcf/model_fetch')).fetchModelText(model) : await fetchSceneText(file);
      state.galleryScene = true;
      const error = loadScene(text, file);
      return error === '' ? '' : `${file}: ${error}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      state.galleryScene = false;
    }
  }

  async function openScene(file: string): Promise<boolean> {
    const problem = await sceneFileProblem(file);
    if (problem !== '') showError(problem);
    return problem === '';
  }

  events.sceneRan.on((text) => sceneLoaded(JSON.parse(text) as SceneObject, true));
  // Another language: the scene's texts in it (meta.translations), its questions asked again.
  onLanguageChange(() => {
    showMeta(metaOf(state.doc), shownOrigin);
    ctx.questions.setScene(metaOf(state.doc)?.questions);
  });
  // After an engine failure, the scene runs again from its start; with none to bring back, the default scene opens.
  events.restarted.on(async (text, failure) => {
    if (text !== null) sceneRuns(JSON.parse(text) as SceneObject, 'Restarted scene');
    else await openScene(DEFAULT_SCENE);
    showError(t(text !== null ? 'page.runsAgain' : 'page.runsAgainDefault', { failure: failure() }));
  });

  const sceneToShare = (): SceneObject => ({ ...cloneScene(state.doc), camera: renderer.cameraSetup() as unknown as Json });
  return { picker, loadScene, sceneRuns, sceneLoaded, sceneFileProblem, openScene, sceneToShare };
}
