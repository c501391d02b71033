// Challenges (web/src/challenge): a scene with meta.challenge shows its goal and regions, the
// library's referee watches every step from t = 0 (the time machine's step watch), the run stops
// where it is decided, Submit makes a result link; a #result= link opens read-only with Verify.
import type { Panel } from '../panel/panel';
import type { PageControllers } from '../controllers/page_controllers';
import { ChallengePanel, type GoalInfo } from '../challenge/challenge_panel';
import { attemptOf } from '../challenge/attempt';
import { ChallengeRun } from '../challenge/challenge_run';
import { temporalParts } from '../challenge/goal_text';
import { countParts, liveReferee, type Challenge } from '../challenge/page_library';
import { progressText } from '../challenge/progress_text';
import { ReadOnlyView } from '../challenge/read_only';
import { RegionBoxes } from '../challenge/region_boxes';
import { ResultLinks, isResultLink, type OpenedResult } from '../challenge/result_links';
import type { SceneObject } from '../scene/scene_doc';
import type { PageContext } from './page_context';
import { byId, showError } from './page_dom';
import type { Playback } from './playback';
import type { SceneFlow } from './scene_wiring';
import { t } from '../i18n/i18n';

export interface ChallengeFeature {
  /** Opens a #result= link: '' when its attempt runs, else why not (the running scene stays). */
  openResultLink(fragment: string): Promise<string>;
}

interface Running {
  challenge: Challenge;
  /** The gallery file it came from (null: unknown, e.g. a pasted scene: Submit says so). */
  file: string | null;
  json: string;
}

const PROGRESS_MS = 100;

function goalInfo(challenge: Challenge): GoalInfo {
  return { title: challenge.title, goal: challenge.goal, timeLimit: challenge.timeLimit, score: challenge.score, allow: challenge.allow };
}

/** Opens #result= links (the address's, and on hashchange): the attempt loaded as `loading` says, then `opened`. */
function resultLinkOpener(scenes: SceneFlow, links: ResultLinks, hooks: { loading(file: string | null): void; opened(result: OpenedResult): void }): (fragment: string) => Promise<string> {
  async function openResultLink(fragment: string): Promise<string> {
    const opened = await links.open(fragment);
    if ('error' in opened) return opened.error;
    hooks.loading(opened.file);
    let error: string;
    try {
      error = scenes.loadScene(opened.sceneText, 'Result link');
    } finally {
      hooks.loading(null);
    }
    if (error !== '') return t('challenge.linkDoesNotRun', { error });
    hooks.opened(opened);
    return '';
  }
  window.addEventListener('hashchange', () => {
    if (!isResultLink(window.location.hash)) return;
    void openResultLink(window.location.hash).then((problem) => {
      if (problem !== '') showError(t('page.keepsRunning', { problem }));
    });
  });
  return openResultLink;
}

export function wireChallenge(ctx: PageContext, parts: { playback: Playback; scenes: SceneFlow; panel: Panel; controllers: PageControllers }): ChallengeFeature {
  const { events, state, timeMachine } = ctx;
  const { playback, scenes, controllers } = parts;
  const regions = new RegionBoxes(ctx.renderer.scene);
  const readOnly = new ReadOnlyView(parts.panel.gui, [byId('build-open'), byId('edit-open')], [byId('controller')]);
  const links = new ResultLinks();
  let running: Running | null = null;
  let result: OpenedResult | null = null;
  let pendingFile: string | null = null;
  let lastProgress = 0;
  /** The running challenge's scene as shipped (for the parts the attempt added). */
  let shipped: SceneObject | null = null;
  const partsAdded = () => {
    const added = shipped ? attemptOf(shipped, state.doc, { build: {} }).parts : undefined;
    return added ? countParts(added) : 0;
  };

  const showProgress = (force = false) => {
    if (!running || (!force && performance.now() - lastProgress < PROGRESS_MS)) return;
    lastProgress = performance.now();
    const { holdSeconds, deadline } = temporalParts(running.challenge.goal);
    const held = run.heldFor();
    box.progress(progressText({ time: ctx.sim.time(), timeLimit: running.challenge.timeLimit, held: holdSeconds !== null ? { seconds: held ?? 0, needed: holdSeconds } : null, deadline }));
  };
  const run = new ChallengeRun({
    makeReferee: () => liveReferee(running!.challenge, ctx.views, partsAdded),
    dragging: () => ctx.drag.active,
    decided: (verdict, step) => {
      timeMachine.stopAt(step);
      ctx.setPaused(true);
      showProgress(true);
      box.decided(verdict);
      if (result && running) box.verified(...links.compare(result, verdict, running.challenge.score));
    },
    voided: (why) => {
      timeMachine.stopAt(null);
      box.voided(why);
    },
  });
  const box = new ChallengePanel(byId('challenge'), {
    submit: async (label) => {
      if (!running || !run.verdict) return { error: t('challenge.runFirst') };
      if (!running.file) return { error: t('challenge.notGallery') };
      return links.make({ file: running.file, allow: running.challenge.allow ?? {}, doc: state.doc, verdict: run.verdict, label });
    },
    verify: () => {
      box.verified(t('challenge.verifying'), null);
      if (state.doc.controller) void controllers.runFromStart();
      else {
        playback.reset();
        ctx.setPaused(false);
      }
    },
  });

  function challengeOf(doc: SceneObject): Challenge | null {
    return ((doc.meta as { challenge?: Challenge } | undefined)?.challenge) ?? null;
  }

  function sceneStarts(doc: SceneObject): void {
    const challenge = challengeOf(doc);
    const opening = pendingFile !== null;
    if (!opening && result) {
      result = null;
      readOnly.set(false);
    }
    if (!challenge) {
      running = null;
      run.stop();
      regions.clear();
      box.hide();
      timeMachine.watchSteps(null);
      return;
    }
    const json = JSON.stringify(challenge);
    // The gallery's file by name; a built or edited version of the same challenge keeps it.
    const file = opening ? pendingFile : state.galleryScene ? scenes.picker.value || null : running?.json === json ? running.file : null;
    running = { challenge, file, json };
    shipped = null;
    if (file) void links.original(file).then((doc) => (shipped = running?.file === file ? doc : shipped), () => {});
    regions.show(challenge.regions ?? []);
    box.showGoal(goalInfo(challenge));
    run.start();
    timeMachine.watchSteps((step) => {
      run.stepped(step);
      showProgress();
    });
    showProgress(true);
  }

  events.sceneLoaded.on((doc, rebuild) => {
    if (!rebuild) return sceneStarts(doc);
    // The challenge's numbers changed (a slider): a fair attempt runs them from t = 0.
    if (running) playback.reset();
    readOnly.refresh();
  });
  events.reset.on(() => {
    if (!running) return;
    run.start();
    box.runStarted();
    showProgress(true);
  });
  events.moved.on((_time, branched) => {
    if (branched) run.branched();
  });
  // Play once the run was decided, where it stopped: a new attempt.
  events.playing.on(() => {
    if (running && run.decidedAt !== null && timeMachine.step >= run.decidedAt) playback.reset();
  });

  const openResultLink = resultLinkOpener(scenes, links, {
    loading: (file) => (pendingFile = file),
    opened: (opened) => {
      result = opened;
      readOnly.set(true);
      if (running) box.showGoal(goalInfo(running.challenge), { label: opened.label, claim: links.claimText(opened, running.challenge.score) });
      ctx.setPaused(true);
    },
  });

  return { openResultLink };
}
