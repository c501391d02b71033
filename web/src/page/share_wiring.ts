// Share links (web/src/share): the whole scene in the address's #scene=… fragment, with the
// moment a paused page is at. The Share button and the embed dialog make them; the address runs them.
import { addEmbedDialog } from '../embed/embed';
import { splitMoment, withMoment } from '../share/link_time';
import { encodeSceneLink, isSceneLink } from '../share/scene_link';
import { ShareButton } from '../share/share_button';
import { sceneTextFromLinkSafely } from '../share/shared_scene';
import type { PageContext } from './page_context';
import { byId, showError } from './page_dom';
import type { SceneFlow } from './scene_wiring';
import { t } from '../i18n/i18n';

export interface ShareLinks {
  /** The link the Share button makes: the running scene with the panel's edits, and the view. */
  shareLink(): string;
  /** Runs the scene a link carries: '' when it runs, else why not (the running scene stays). */
  openSceneLink(fragment: string): string;
}

export function wireShare(ctx: PageContext, scenes: SceneFlow): ShareLinks {
  const { timeMachine } = ctx;
  const shareLink = (): string => {
    const url = new URL(window.location.href);
    url.searchParams.delete('scene'); // the link carries the scene itself
    // A paused (or scrubbed) page shares its moment too: the link opens there, paused.
    url.hash = withMoment(encodeSceneLink(scenes.sceneToShare()), timeMachine.moment(ctx.loop.paused));
    return url.href;
  };
  new ShareButton(byId('share'), byId('share-status'), byId<HTMLInputElement>('share-field'), shareLink);
  addEmbedDialog(byId('share-box'), shareLink);

  function openSceneLink(fragment: string): string {
    const { scene, moment, problems } = splitMoment(fragment);
    const shared = sceneTextFromLinkSafely(scene);
    if ('error' in shared) return shared.error;
    const error = scenes.loadScene(shared.text, 'Shared link');
    if (error !== '') return t('share.sharedLink', { error });
    // The link's moment: re-simulated from the start (deterministic), shown when reached.
    timeMachine.markers = moment.markers ?? [];
    if (moment.t !== undefined && moment.t > 0) {
      const refused = timeMachine.openAt(moment.t, moment.paused ?? false);
      if (refused) problems.push(refused);
    }
    else if (moment.paused) ctx.setPaused(true);
    if (problems.length > 0) showError(t('share.sharedLinkProblems', { problems: problems.join('; ') }));
    return '';
  }
  window.addEventListener('hashchange', () => {
    if (!isSceneLink(window.location.hash)) return;
    const problem = openSceneLink(window.location.hash);
    if (problem !== '') showError(t('share.keepsRunning', { problem }));
  });
  return { shareLink, openSceneLink };
}
