// Starts the engine behind its guard, and makes sure nothing that goes wrong later passes unsaid:
// an error anywhere is shown, and the page goes on.
import { loadEngine } from '../engine/wasm_loader';
import { GuardedEngine } from '../guard/engine_guard';
import { describeThrown } from '../guard/scene_entry';
import { byId, showError } from './page_dom';
import type { PageEvents } from './page_events';
import { t } from '../i18n/i18n';

export function reportErrors(): void {
  byId('error-close').addEventListener('click', () => (byId('error').hidden = true));
  window.addEventListener('error', (event) => showError(t('page.somethingWrong', { message: event.message })));
  window.addEventListener('unhandledrejection', (event) => showError(t('page.somethingWrong', { message: describeThrown(event.reason) })));
}

/**
 * Every call into the engine goes through the guard: a trap or an escaped exception is said, and
 * a fresh module runs the last scene again (web/src/guard/engine_guard.ts; the scene wiring
 * answers `events.restarted`). Null, with the reason shown, when the module cannot be loaded.
 */
export async function startEngine(events: PageEvents): Promise<GuardedEngine | null> {
  let engineFailure = '';
  try {
    return await GuardedEngine.start({
      create: loadEngine,
      onFailure: (failure) => {
        if (failure.restarting) engineFailure = failure.message;
        showError(failure.message);
      },
      onRestarted: (text) => events.restarted.emit(text, () => engineFailure),
    });
  } catch (error) {
    byId('loading').hidden = true;
    showError(t('page.engineFailed', { error: String(error) }));
    return null;
  }
}
