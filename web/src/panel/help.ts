// The help overlay: the keyboard shortcuts and mouse controls. `h` toggles it, Esc and its own
// button close it. Its text is fixed markup in index.html, never scene data.

export class HelpOverlay {
  constructor(private readonly element: HTMLElement) {
    element.querySelector('button')?.addEventListener('click', () => this.close());
    element.addEventListener('click', (event) => {
      if (event.target === element) this.close(); // a click on the backdrop
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    this.element.hidden = false;
  }

  close(): void {
    this.element.hidden = true;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }
}
