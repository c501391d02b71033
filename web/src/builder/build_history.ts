// Undo and redo for build mode: every edit is a whole new BuildDoc, kept as its JSON text, so
// stepping back gives exactly the doc (and so exactly the scene) that was there before.
import type { BuildDoc } from './build_doc';

export class BuildHistory {
  private past: string[] = [];
  private future: string[] = [];
  private current: string;

  constructor(start: BuildDoc) {
    this.current = JSON.stringify(start);
  }

  get doc(): BuildDoc {
    return JSON.parse(this.current) as BuildDoc;
  }

  /** Starts over from `doc` with nothing to undo (New, or a scene opened in build mode). */
  reset(doc: BuildDoc): void {
    this.current = JSON.stringify(doc);
    this.past = [];
    this.future = [];
  }

  push(doc: BuildDoc): void {
    const text = JSON.stringify(doc);
    if (text === this.current) return;
    this.past.push(this.current);
    this.current = text;
    this.future = [];
  }

  undo(): BuildDoc | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(this.current);
    this.current = previous;
    return this.doc;
  }

  redo(): BuildDoc | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(this.current);
    this.current = next;
    return this.doc;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
