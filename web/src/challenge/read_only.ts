// A result link's view is read-only: what would edit the scene (the panel's World and Scene
// folders, Build, Edit, the controller's code) is disabled, so what runs is the attempt as sent.
// Play, Reset, the timeline and the view's own toggles stay: watching is not editing.
import type GUI from 'lil-gui';

const EDITING_FOLDERS = ['World', 'Scene'];

export class ReadOnlyView {
  private on = false;

  constructor(
    private readonly gui: GUI,
    private readonly buttons: HTMLButtonElement[],
    /** Boxes whose buttons are all disabled (the controller bar, rebuilt by its own module). */
    private readonly boxes: HTMLElement[],
  ) {}

  set(on: boolean): void {
    this.on = on;
    document.body.classList.toggle('result-view', on);
    for (const folder of this.gui.folders) {
      if (!EDITING_FOLDERS.includes(folder._title)) continue;
      for (const controller of folder.controllersRecursive()) controller.disable(on);
    }
    for (const button of this.buttons) button.disabled = on;
    this.refresh();
  }

  /** Again after the panel or a box rebuilt its controls (a new scene's sliders). */
  refresh(): void {
    if (!this.on) return;
    for (const folder of this.gui.folders) {
      if (EDITING_FOLDERS.includes(folder._title)) for (const controller of folder.controllersRecursive()) controller.disable(true);
    }
    for (const box of this.boxes) for (const button of box.querySelectorAll('button')) button.disabled = true;
  }
}
