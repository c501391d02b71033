// The browser tests' handle on the page (tests/e2e/harness.ts): its type, declared once.
type V3 = [number, number, number];

/** A spring, string or rope of build mode (web/src/builder/build_parts.ts). */
type BuiltConnector = { id: number; kind: 'spring' | 'string' | 'rope'; name: string; a: number; b: number; pointA: V3; pointB: V3; length?: number; restLength?: number; stiffness?: number; via?: V3[] };

/**
 * What the page's `window.__featherweight` offers the browser tests (made by test_handle.ts, in
 * test builds only): reads of the world and the view, and a few actions. One declaration for
 * both sides, so neither drifts.
 */
export interface DebugHandle {
  time(): number;
  timestep(): number;
  bodyCount(): number;
  bodyPose(i: number): number[]; // x, y, z, qx, qy, qz, qw
  toScreen(x: number, y: number, z: number): { x: number; y: number }; // CSS pixels
  plotSamples(): number; // points in the live plot
  plot(): PlotDescription; // the chart's series and axes (labels, scales) and the samples held
  plots(): PlotDescription[]; // every plot in the panel, first to last
  bodyVelocity(i: number): number[]; // vx, vy, vz, ωx, ωy, ωz (world)
  camera(): { position: number[]; target: number[]; view: 'perspective' | 'front' | 'side' | 'top'; orthographic: boolean };
  setView(view: 'perspective' | 'front' | 'side' | 'top'): void; // as the view switch does, without framing
  speed(): number; // playback speed
  stepCostMs(): number; // wall-clock ms of the last frame's stepping
  selected(): number; // selected body, −1 for none
  contactCount(): number; // contact points of the last step, −1 if the engine has none to report
  select(i: number): void;
  bodyNames(): string[];
  sceneBox(): { min: number[]; max: number[] }; // AABB of all bodies' shapes
  pause(): void;
  advance(steps: number): void; // pauses, then takes that many steps at once
  shareLink(): string;
  q(): number[];
  v(): number[];
  qvHex(): string; // q and q̇ as bytes in hex: equal strings are bitwise equal states
  timeline(): { step: number; end: number; keyframes: number; bytes: number; budgetBytes: number; spacing: number; markers: number[]; inputs: number };
  seekStep(step: number): void;
  stepBy(steps: number): void;
  setEffort(index: number, value: number): void;
  paused(): boolean;
  trails(): { body: number; local: number[]; samples: number; last: number[] | null; times: number[]; points: number[][]; vertices: number[][] }[]; // points: float64 samples; vertices: the line's float32 buffer
  overlays(): Record<'joints' | 'centersOfMass' | 'boxes' | 'contacts' | 'normals', { visible: boolean; points: number[][] }>; // what each overlay draws
  drawnBody(i: number): { pose: number[]; box: { min: number[]; max: number[] } } | null; // the body's drawn object: pose and mesh bounds
  drawnLastFrame(): { calls: number; triangles: number };
  embedIgnored(): number; // messages an embedded page refused for their origin
  vectors(): { body: number; key: string; value: V3; scale: number; origin: V3; tip: V3 }[]; // arrows drawn now, read from the scene graph
  energy(): Record<'kinetic' | 'gravity' | 'spring' | 'initial' | 'effortWork' | 'motorWork' | 'appliedWork' | 'contactLoss' | 'dampingLoss' | 'balance', number> | null;
  measure(): number | null; // the ruler's metres or the protractor's degrees
  advanceControlled(steps: number, draw?: boolean): Promise<void>; // through the controller when one runs (its ticks in lockstep); draw: false holds the drawing meanwhile
  controllerRunning(): boolean;
  controllerSignals(): Record<string, number>; // of its last tick
  sceneText(): string; // the running scene's JSON (its initial state)
  instruments(): InstrumentsDescription; // photogates' passages, stopwatches' readings (at the time shown), body labels shown
  build(): { active: boolean; doc: { parts: { id: number; name: string; shape: string; position: number[]; quaternion: number[]; size: number[] }[]; joints: { id: number; a: number; b: number; anchor: number[]; axis: number[] }[]; connectors?: BuiltConnector[] } | null; selection: { parts: number[]; joints: number[]; connectors?: number[] }; tool: { kind: string }; status: string; jointPick: { a?: number; b?: number }; roles: Record<number, string> } | undefined;
  connectors(): { springs: { from: V3; to: V3; radius: number }[]; strings: { points: V3[] }[] }; // springs and strings as drawn now
}

/** One plot as the tests see it: series and axes (labels, scales), the samples held, the time range shown and the zoom. */
export interface PlotDescription {
  series: string[];
  scales: string[];
  axes: string[];
  axisScales: string[];
  ticks: { labels: string[]; width: number }[];
  times: number[];
  values: number[][];
  xRange: [number, number] | null;
  zoom: [number, number] | null;
}

/** The lab instruments as the tests see them (web/src/page/instruments_wiring.ts). */
export interface InstrumentsDescription {
  gates: { name: string; passages: { time: number; body: string; normalSpeed: number; speed: number }[] }[];
  stopwatches: { name: string; state: string; elapsed: number; laps: number[] }[];
  labels: { text: string; x: number; y: number }[];
}
