/// <reference types="vite-plugin-pwa/vanillajs" />
// The installable, offline page: registers the service worker that web/offline_build.ts
// generates (it precaches the page, the engine and the gallery, and keeps model files once
// fetched), and shows a small indicator when the page is offline, when it has just been saved
// for offline use, and when a new version has taken over (a new build: Reload loads it).
import { registerSW } from 'virtual:pwa-register';
import { onLanguageChange, t } from '../i18n/i18n';
import './offline.css';

type OfflineState = 'online' | 'offline' | 'ready' | 'update';

/** How long "saved for offline use" stays in view (it needs no answer). */
const READY_SHOWN_MS = 5000;

export interface OfflineStatus {
  /** What the indicator says now. */
  readonly state: OfflineState;
}

export function wireOffline(host: HTMLElement = document.body): OfflineStatus {
  const box = document.createElement('div');
  box.id = 'offline-status';
  box.setAttribute('role', 'status');
  box.hidden = true;
  const text = document.createElement('span');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.hidden = true;
  box.append(text, reload);
  host.append(box);

  let state: OfflineState = navigator.onLine ? 'online' : 'offline';
  let updateReady = false;
  let readyTimer = 0;
  const show = () => {
    box.dataset.state = state;
    box.hidden = state === 'online';
    text.textContent = state === 'online' ? '' : t(`offline.${state}`);
    reload.textContent = t('offline.reload');
    reload.hidden = state !== 'update';
  };
  const decide = () => {
    if (!navigator.onLine) state = 'offline';
    else if (updateReady) state = 'update';
    else if (readyTimer) state = 'ready';
    else state = 'online';
    show();
  };
  window.addEventListener('offline', decide);
  window.addEventListener('online', decide);
  onLanguageChange(show);
  reload.addEventListener('click', () => window.location.reload());

  if ('serviceWorker' in navigator) {
    registerSW({
      immediate: true,
      onOfflineReady: () => {
        readyTimer = window.setTimeout(() => {
          readyTimer = 0;
          decide();
        }, READY_SHOWN_MS);
        decide();
      },
      // A new build's worker has taken over: the page says so instead of reloading under the user.
      onNeedReload: () => {
        updateReady = true;
        decide();
      },
    });
  }
  decide();
  return {
    get state() {
      return state;
    },
  };
}
