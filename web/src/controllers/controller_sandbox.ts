// Where a controller's code runs in the page (docs/security.md): a hidden iframe with
// sandbox="allow-scripts" and no allow-same-origin — an opaque origin, so no access to the page's
// DOM, cookies or storage — whose Content-Security-Policy allows no network at all
// (default-src 'none'; scripts only from blob: and data: URLs). The frame only starts a module
// (classic) Worker from the worker's source (a blob), which inherits that policy, and hands it one end of
// a MessageChannel; the page talks to the worker over the other end. Removing the frame ends
// the worker whatever it is doing: Stop always works.

const POLICY = [
  "default-src 'none'",
  // the frame's own starter below; eval and wasm for the worker (its engine and the controller module)
  "script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:",
  'worker-src blob:',
].join('; ');

// Runs in the frame: one message from the page, with the worker's source and the page's port.
const STARTER = `addEventListener('message', (event) => {
  if (event.source !== parent || typeof event.data?.source !== 'string' || !event.ports[0]) return;
  const url = URL.createObjectURL(new Blob([event.data.source], { type: 'text/javascript' }));
  new Worker(url).postMessage(null, [event.ports[0]]);
}, { once: true });`;

export class ControllerSandbox {
  /** The page's end of the channel to the worker. */
  readonly port: MessagePort;
  private readonly frame: HTMLIFrameElement;

  constructor(workerSource: string) {
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.hidden = true;
    this.frame.title = 'controller sandbox';
    this.frame.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${POLICY}"><script>${STARTER}</script>`;
    const channel = new MessageChannel();
    this.port = channel.port1;
    // An opaque origin cannot be named as a target: '*', for a message that holds nothing private.
    this.frame.addEventListener('load', () => this.frame.contentWindow?.postMessage({ source: workerSource }, '*', [channel.port2]), { once: true });
    document.body.append(this.frame);
  }

  /** Ends the worker (and whatever loop it is in) and the frame. */
  dispose(): void {
    this.port.onmessage = null;
    this.port.close();
    this.frame.remove();
  }
}
