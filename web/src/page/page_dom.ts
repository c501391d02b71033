// The page's DOM: its elements by id, the error box, the scene's title and description. Scene
// data only ever reaches the page as textContent.
import type { PlotSuggestion } from '../plots/plots';
import type { SceneQuestion } from '../questions/questions';
import type { SceneObject } from '../scene/scene_doc';
import { localizedMeta } from '../i18n/scene_texts';
import { hasTranslation, t } from '../i18n/i18n';

/** What a scene's `meta` says to the page. */
export interface SceneMeta {
  title?: string;
  description?: string;
  method?: string;
  observe?: string[];
  plots?: PlotSuggestion[];
  questions?: SceneQuestion[];
}

/** The scene's meta, its texts in the page's language where it has a translation. */
export function metaOf(doc: SceneObject): SceneMeta | undefined {
  return localizedMeta(doc.meta as SceneMeta | undefined);
}

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`missing #${id}`);
  return element as T;
}

export function showError(message: string): void {
  byId('error-text').textContent = message;
  byId('error').hidden = false;
}

export function hideError(): void {
  byId('error').hidden = true;
}

/** The running scene's title as the page shows it. */
export function shownTitle(): string {
  return byId('scene-title').textContent ?? '';
}

/** Where a scene without a title came from ('Shared link', a file's name), in the page's language. */
function originName(origin: string): string {
  const key = `page.origins.${origin}`;
  return hasTranslation(key) ? t(key) : origin;
}

export function showMeta(meta: SceneMeta | undefined, origin: string): void {
  const fallbackTitle = originName(origin);
  byId('scene-title').textContent = meta?.title ?? fallbackTitle;
  byId('scene-description').textContent = meta?.description ?? '';
  // How it is computed: folded under the description, for those who want the method.
  byId('scene-method-text').textContent = meta?.method ?? '';
  byId('scene-method').hidden = !meta?.method;
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

/** A header button that folds a panel to its header and back. */
export function collapsible(button: HTMLElement, panel: HTMLElement, changed: () => void): void {
  button.addEventListener('click', () => {
    const collapsed = panel.classList.toggle('collapsed');
    button.setAttribute('aria-expanded', String(!collapsed));
    button.textContent = collapsed ? '▸' : '▾';
    changed();
  });
}
