// The scene list at the top left. It always names what runs: a gallery scene as its own entry,
// anything else (a file, a link, an edit, a build, an embedding page's scene) as one extra entry
// with the scene's title, so the list never names a scene that is not running, nor nothing.

import type { SceneEntry } from '../scene/scene_source';

export class ScenePicker {
  /** The extra entry for a scene that is none of the gallery's (value ''). */
  private readonly other = new Option('', '');
  private running: { file: string | null; title: string; origin: string } | null = null;

  constructor(readonly select: HTMLSelectElement) {
    this.other.className = 'scene-picker-other';
  }

  /** The gallery's entries (a model's entry lists the files it needs). */
  entries: readonly SceneEntry[] = [];

  /** The gallery, each shelf's entries under its name (an option group). */
  setGallery(entries: SceneEntry[]): void {
    this.entries = entries;
    const shelves = new Map<string, HTMLOptGroupElement>();
    for (const entry of entries) {
      const option = new Option(entry.title, entry.file);
      if (entry.shelf === undefined) {
        this.select.add(option);
        continue;
      }
      let group = shelves.get(entry.shelf);
      if (!group) {
        group = document.createElement('optgroup');
        group.label = entry.shelf;
        shelves.set(entry.shelf, group);
      }
      group.append(option);
    }
    for (const group of shelves.values()) this.select.append(group);
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
