// The messages between the page (controller_runner.ts) and the controller's worker
// (controller_worker.ts). Plain, structured-clonable values; replies come in request order.
import type { ContactPoint, ControlCommand } from '../../../lib/featherweight';

export type ControllerRequest =
  | { type: 'init'; wasm: ArrayBuffer; scene: string }
  | { type: 'tick'; t: number; q: Float64Array; qd: Float64Array; contacts: ContactPoint[] }
  | { type: 'scene'; text: string }; // the same scene with other numbers (a slider, a panel edit)

export type ControllerReply =
  | { type: 'ready' }
  | { type: 'tick'; commands: ControlCommand[]; signals: Record<string, number>; ms: number }
  | { type: 'scene' }
  | { type: 'error'; message: string; line: number | null };
