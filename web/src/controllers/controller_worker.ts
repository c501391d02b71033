// The controller's own thread. A module Worker started by the sandbox frame
// (controller_sandbox.ts): an opaque origin under a Content-Security-Policy that allows no
// network, so the code it runs cannot reach the page, its storage or any server. It holds a
// mirror of the page's world (the same engine, the same scene) for ctx's model queries; the page
// sends each tick's state over a MessagePort, the mirror runs the tick (lib World.tickAt, the
// very code Node runs) and the commands go back to be applied and recorded by the page.
import { ControllerError, loadEngine, SceneError, type World } from '../../../lib/featherweight';
import type { ControllerRequest, ControllerReply } from './controller_protocol';

// Everything that reaches out: gone before the controller's code is evaluated (the CSP already
// refuses it; this says so in the worker's own words and closes what a policy might miss).
const NETWORK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebTransport', 'EventSource', 'importScripts', 'Worker', 'SharedWorker', 'indexedDB', 'caches', 'BroadcastChannel'];

let world: World | null = null;

function closeTheNetwork(): void {
  // On the global object and along its prototype chain (WorkerGlobalScope.prototype holds some).
  for (let scope: object | null = self; scope !== null; scope = Object.getPrototypeOf(scope) as object | null)
    for (const name of NETWORK)
      if (scope === self || Object.prototype.hasOwnProperty.call(scope, name))
        try {
          Object.defineProperty(scope, name, { value: undefined, configurable: false, writable: false });
        } catch {
          /* not there in this browser */
        }
}

// A reply without its sequence number, which the port's handler adds.
type Answer = ControllerReply extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

async function answer(request: ControllerRequest): Promise<Answer> {
  switch (request.type) {
    case 'init': {
      const engine = await loadEngine({ wasmBinary: request.wasm });
      world = engine.createWorld(request.scene);
      closeTheNetwork();
      await world.enableController();
      return { type: 'ready' };
    }
    case 'tick': {
      if (!world) throw new ControllerError('the controller has not started', null);
      const start = performance.now();
      const { commands, signals } = world.tickAt(request);
      return { type: 'tick', commands, signals, ms: performance.now() - start };
    }
    case 'scene':
      world?.updateScene(request.text);
      return { type: 'scene' };
  }
}

self.onmessage = (event: MessageEvent) => {
  const port = event.ports[0];
  if (!port) return;
  self.onmessage = null; // one port, once: the page's end of the channel
  port.onmessage = async (message: MessageEvent<ControllerRequest>) => {
    let reply: Answer;
    try {
      reply = await answer(message.data);
    } catch (error) {
      if (error instanceof ControllerError) reply = { type: 'error', message: error.reason, line: error.line };
      else if (error instanceof SceneError) reply = { type: 'error', message: `the scene: ${error.path}: ${error.message}`, line: null };
      else reply = { type: 'error', message: error instanceof Error ? error.message : String(error), line: null };
    }
    port.postMessage({ ...reply, seq: message.data.seq } as ControllerReply);
  };
};
