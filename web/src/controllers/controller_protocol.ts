// The messages between the page (controller_runner.ts) and the controller's worker
// (controller_worker.ts). Plain, structured-clonable values. Every request carries a sequence
// number that its one reply repeats: the worker runs someone else's code, which can post on the
// channel too, so the page takes only the reply it is waiting for and stops on anything else.
import type { ContactPoint, ControlCommand } from '../../../lib/featherweight';

export type ControllerRequest = { seq: number } & (
  | { type: 'init'; wasm: ArrayBuffer; scene: string }
  | { type: 'tick'; t: number; q: Float64Array; qd: Float64Array; contacts: ContactPoint[] }
  | { type: 'scene'; text: string } // the same scene with other numbers (a slider, a panel edit)
);

export type ControllerReply = { seq: number } & (
  | { type: 'ready' }
  | { type: 'tick'; commands: ControlCommand[]; signals: Record<string, number>; ms: number }
  | { type: 'scene' }
  | { type: 'error'; message: string; line: number | null }
);
