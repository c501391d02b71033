// The postMessage API of an embedded page (docs/embed.md). Commands come from the parent page:
// { type: 'play' | 'pause' | 'reset' | 'step' | 'setSlider' | 'loadScene' | 'getState', … };
// the page answers and reports with { source: 'featherweight', type: 'time' | 'loaded' | 'error' |
// 'state', … }. Messages from an origin that is neither the page's own nor one named by
// `?origin=` are ignored. A scene sent with loadScene is someone else's input: it goes through
// the same checks as a share link, and a refused one leaves the running scene running.

export interface EmbedHandlers {
  play(): void;
  pause(): void;
  reset(): void;
  step(count: number): void;
  /** '' when set, else why not (no such slider). */
  setSlider(slider: string | number, value: number): string;
  /** '' when it runs, else the loader's message. */
  loadScene(scene: unknown): string;
  state(): { time: number; paused: boolean; q: number[]; qd: number[]; title: string };
}

type Message = { type?: unknown; [key: string]: unknown };

/**
 * The embedding page's origin as the browser tells it (Chromium and Safari: ancestorOrigins;
 * else the referrer, unless the parent's policy withholds it), or null when unknown.
 */
function parentOrigin(): string | null {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export class EmbedMessages {
  private lastReported = -Infinity;
  private lastTime = { time: NaN, paused: false };
  /**
   * Where events go: the parent page's origin once known and allowed. Posting to any other
   * origin fails (the browser logs an error each time) and could hand the events to a page that
   * was not meant to have them; unknown, they wait for the parent's first allowed message.
   */
  private eventOrigin: string | null;
  /** Messages from the parent page refused for their origin (the embed tests wait on it). */
  ignored = 0;
  private readonly warnedOrigins = new Set<string>();

  constructor(
    private readonly handlers: EmbedHandlers,
    private readonly allowedOrigins: string[],
    private readonly target: Window = window.parent,
  ) {
    window.addEventListener('message', (event) => this.receive(event));
    const parent = target === window ? null : parentOrigin();
    this.eventOrigin = parent !== null && this.allowed(parent) ? parent : null;
  }

  private allowed(origin: string): boolean {
    return origin === window.location.origin || this.allowedOrigins.includes(origin);
  }

  private receive(event: MessageEvent): void {
    if (event.source !== this.target) return; // not our parent page
    if (!this.allowed(event.origin)) {
      this.ignored++;
      // Said once per origin, for whoever embeds the page and wonders why it does not obey.
      if (!this.warnedOrigins.has(event.origin)) console.warn(`Featherweight ignores messages from ${event.origin}: add &origin=${event.origin} to the embed's address to allow it.`);
      this.warnedOrigins.add(event.origin);
      return;
    }
    this.eventOrigin = event.origin;
    const message = (event.data ?? {}) as Message;
    const reply = (data: Record<string, unknown>) => this.post({ ...data, id: message.id }, event.origin);
    try {
      switch (message.type) {
        case 'play':
          return this.handlers.play();
        case 'pause':
          return this.handlers.pause();
        case 'reset':
          return this.handlers.reset();
        case 'step':
          return this.handlers.step(Number.isInteger(message.count) && (message.count as number) > 0 ? Math.min(message.count as number, 100000) : 1);
        case 'setSlider': {
          const error = typeof message.value === 'number' && Number.isFinite(message.value)
            ? this.handlers.setSlider(message.slider as string | number, message.value)
            : 'setSlider needs a finite number as value';
          if (error) reply({ type: 'error', message: error });
          return;
        }
        case 'loadScene': {
          const error = this.handlers.loadScene(message.scene);
          return reply(error ? { type: 'error', message: error } : { type: 'loaded', title: this.handlers.state().title });
        }
        case 'getState':
          return reply({ type: 'state', ...this.handlers.state() });
        default:
          return reply({ type: 'error', message: `unknown message type ${JSON.stringify(message.type)?.slice(0, 40)}` });
      }
    } catch (error) {
      reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Events for the parent: the time (when it changed, at most ten times a second), a load, an error. */
  reportTime(time: number, paused: boolean): void {
    const now = performance.now();
    if (now - this.lastReported < 100 || (time === this.lastTime.time && paused === this.lastTime.paused)) return;
    this.lastReported = now;
    this.lastTime = { time, paused };
    this.post({ type: 'time', time, paused });
  }

  report(type: 'loaded' | 'error' | 'stepped', detail: Record<string, unknown> = {}): void {
    this.post({ type, ...detail });
  }

  private post(data: Record<string, unknown>, origin: string | null = this.eventOrigin): void {
    if (this.target === window || origin === null) return; // not embedded, or no allowed parent known
    this.target.postMessage({ source: 'featherweight', ...data }, origin);
  }
}
