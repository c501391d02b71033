// The first scene: a scene or result link in the address runs first; when it cannot, the scene the address
// names (?scene=…), else the default one, and the reason is shown. Then the gallery list opens scenes.
import { isSceneLink } from '../share/scene_link';
import { DEFAULT_SCENE, fetchSceneIndex, sceneFromAddress } from '../scene/scene_source';
import type { PageContext } from './page_context';
import { byId, metaOf, showError } from './page_dom';
import type { SceneFlow } from './scene_wiring';
import type { ShareLinks } from './share_wiring';
import type { ChallengeFeature } from './challenge_wiring';
import { isResultLink } from '../challenge/result_links';
import { t } from '../i18n/i18n';

export async function openFirstScene(scenes: SceneFlow, share: ShareLinks, results: Pick<ChallengeFeature, 'openResultLink'>): Promise<void> {
  const requested = sceneFromAddress(window.location);
  try {
    scenes.picker.setGallery(await fetchSceneIndex());
  } catch (error) {
    showError(String(error));
  }
  const hash = window.location.hash;
  const linkProblem = isSceneLink(hash) ? share.openSceneLink(hash) : isResultLink(hash) ? await results.openResultLink(hash) : null;
  if (linkProblem !== '') {
    // The scene named in the address (?scene=…); if it does not run, the default, and why.
    const requestedProblem = await scenes.sceneFileProblem(requested);
    const shown = requestedProblem === '' ? requested : DEFAULT_SCENE;
    if (shown !== requested) await scenes.openScene(DEFAULT_SCENE);
    const problem = linkProblem ?? requestedProblem;
    if (problem !== '') showError(`${problem}\n${t('page.showingInstead', { title: byId('scene-title').textContent || shown })}`);
  }
}

/** A scene picked from the gallery list runs, and the address names it. */
export function wirePicker(ctx: PageContext, scenes: SceneFlow): void {
  const { picker } = scenes;
  picker.select.addEventListener('change', async () => {
    if (picker.value === '') return; // the running scene's own entry
    if (!(await scenes.openScene(picker.value))) picker.restore();
    else {
      // A scene picked from the list runs, whatever the last one was left at, unless it asks first.
      if (!metaOf(ctx.state.doc)?.questions?.length && !ctx.state.build?.active) ctx.setPaused(false);
      const url = new URL(window.location.href);
      url.searchParams.set('scene', picker.value);
      url.hash = ''; // a shared scene's link no longer describes the page
      history.replaceState(null, '', url);
    }
  });
}
