// The scene list at the top left. It always names what runs: a gallery scene as its own entry,
// anything else (a file, a link, an edit, a build, an embedding page's scene) as one extra entry
// with the scene's title, so the list never names a scene that is not running, nor nothing.
// The gallery shows by topic (an option group each, school scenes first in each), then its
// shelves ("Challenges"); the level filter keeps one level's scenes (and the running one).

import { currentLanguage, onLanguageChange, t } from '../i18n/i18n';
import type { SceneEntry } from '../scene/scene_source';
import { LEVELS, TOPICS, type LevelFilter } from './gallery_topics';

/** The gallery's entries in the order the list shows them: by topic, school first, then the shelves. */
export function galleryOrder(entries: readonly SceneEntry[]): SceneEntry[] {
  const groupRank = (entry: SceneEntry) => (entry.shelf !== undefined ? TOPICS.length : TOPICS.indexOf(entry.topic as (typeof TOPICS)[number]));
  const levelRank = (entry: SceneEntry) => LEVELS.indexOf(entry.level as (typeof LEVELS)[number]);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => groupRank(a.entry) - groupRank(b.entry) || levelRank(a.entry) - levelRank(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** An entry's title in the page's language. */
export const entryTitle = (entry: SceneEntry): string => entry.titles?.[currentLanguage()] ?? entry.title;

export class ScenePicker {
  /** The extra entry for a scene that is none of the gallery's (value ''). */
  private readonly other = new Option('', '');
  private running: { file: string | null; title: string; origin: string } | null = null;
  private level: LevelFilter = 'all';

  constructor(
    readonly select: HTMLSelectElement,
    readonly levelSelect?: HTMLSelectElement,
  ) {
    this.other.className = 'scene-picker-other';
    levelSelect?.addEventListener('change', () => this.setLevel(levelSelect.value as LevelFilter));
    onLanguageChange(() => this.render());
  }

  /** The gallery's entries (a model's entry lists the files it needs). */
  entries: readonly SceneEntry[] = [];

  /** The gallery, each topic's entries under its name (an option group), then each shelf's. */
  setGallery(entries: SceneEntry[]): void {
    this.entries = entries;
    this.render();
  }

  /** Shows only one level's scenes ('all': every one); the running scene stays listed. */
  setLevel(level: LevelFilter): void {
    this.level = level;
    if (this.levelSelect && this.levelSelect.value !== level) this.levelSelect.value = level;
    this.render();
  }

  private render(): void {
    this.select.replaceChildren();
    const groups = new Map<string, HTMLOptGroupElement>();
    for (const entry of galleryOrder(this.entries)) {
      if (this.level !== 'all' && entry.level !== this.level && entry.file !== this.running?.file) continue;
      const option = new Option(entryTitle(entry), entry.file);
      if (entry.level) option.dataset.level = entry.level;
      const name = entry.shelf ?? entry.topic;
      if (name === undefined) {
        this.select.add(option);
        continue;
      }
      let group = groups.get(name);
      if (!group) {
        group = document.createElement('optgroup');
        group.label = entry.shelf !== undefined ? t(`gallery.shelf.${entry.shelf.toLowerCase()}`) : t(`gallery.topic.${name}`);
        group.dataset.group = entry.shelf !== undefined ? entry.shelf.toLowerCase() : name;
        groups.set(name, group);
        this.select.append(group);
      }
      group.append(option);
    }
    if (this.running) this.show(this.running.file, this.running.title, this.running.origin);
  }

  /** The gallery file picked in the list ('' for the extra entry). */
  get value(): string {
    return this.select.value;
  }

  /**
   * A scene runs now: `file` when it is the gallery's, else null; `title` as the page shows it;
   * `origin` where it came from (a file's name, 'Shared link', 'Built scene', …).
   */
  show(file: string | null, title: string, origin: string): void {
    this.running = { file, title, origin };
    const gallery = file !== null ? Array.from(this.select.options).find((o) => o !== this.other && o.value === file) : undefined;
    if (gallery) {
      this.other.remove();
      this.select.value = gallery.value;
      return;
    }
    if (this.entries.some((entry) => entry.file === file)) return this.render(); // a gallery scene the level filter hid: listed again
    const fromFile = /\.\w+$/.test(origin) && origin !== title;
    this.other.text = fromFile ? `${title} (${origin})` : title;
    this.other.title = `Running: ${this.other.text} — not one of the gallery's scenes`;
    if (this.other.parentElement !== this.select) this.select.prepend(this.other);
    this.select.value = '';
  }

  /** Names the running scene again (after a pick that did not load). */
  restore(): void {
    if (this.running) this.show(this.running.file, this.running.title, this.running.origin);
  }
}
