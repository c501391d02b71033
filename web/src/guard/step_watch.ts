// A world that blew up, or whose adaptive integrator cannot advance, stops stepping and says why
// (sim.stepError()). This watch turns that into one message and a paused page, and re-arms once
// the world steps again (after a reset or another scene).

export class StepErrorWatch {
  private shown = '';

  constructor(
    private readonly stepError: () => string,
    private readonly stopped: (message: string) => void,
  ) {}

  /** Call after stepping; reports a new stop once. */
  check(): void {
    const error = this.stepError();
    if (error !== '' && error !== this.shown) this.stopped(`The simulation stopped: ${error}. Reset (r) runs the scene again from its start.`);
    this.shown = error;
  }
}
