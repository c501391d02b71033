// The run's one built site and one Chromium (global_setup.ts), and pages that record every
// console error and uncaught exception, opened once the simulation has run for a moment.
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { connectChromium, siteUrl } from './browser';

export interface DebugHandle {
  time(): number;
  timestep(): number;
  bodyCount(): number;
  bodyPose(i: number): number[]; // x, y, z, qx, qy, qz, qw
  toScreen(x: number, y: number, z: number): { x: number; y: number }; // CSS pixels
  plotSamples(): number; // points in the live plot
  bodyVelocity(i: number): number[]; // vx, vy, vz, ωx, ωy, ωz (world)
  camera(): { position: number[]; target: number[] };
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
  trails(): { body: number; samples: number; last: number[] | null }[];
  vectors(): { body: number; key: string; tip: [number, number, number] }[]; // arrows drawn now
  energy(): Record<'kinetic' | 'gravity' | 'spring' | 'initial' | 'effortWork' | 'motorWork' | 'appliedWork' | 'contactLoss' | 'dampingLoss' | 'balance', number> | null;
  measure(): number | null; // the ruler's metres or the protractor's degrees
  advanceControlled(steps: number, draw?: boolean): Promise<void>; // through the controller when one runs (its ticks in lockstep); draw: false holds the drawing meanwhile
  controllerRunning(): boolean;
  controllerSignals(): Record<string, number>; // of its last tick
  sceneText(): string; // the running scene's JSON (its initial state)
  build(): { active: boolean; doc: { parts: { id: number; name: string; position: number[]; quaternion: number[]; size: number[] }[]; joints: { id: number; a: number; b: number; anchor: number[]; axis: number[] }[] } | null; selection: { parts: number[]; joints: number[] }; tool: { kind: string }; status: string; jointPick: { a?: number; b?: number }; roles: Record<number, string> } | undefined;
}
declare global {
  interface Window {
    __featherweight?: DebugHandle;
  }
}

export interface OpenedPage {
  page: Page;
  problems: string[]; // console errors and page errors seen so far
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 720 };
export const PHONE: Viewport = { width: 390, height: 844 };

export function usePageHarness(): { open(query?: string, minSimTime?: number, viewport?: Viewport): Promise<OpenedPage> } {
  let browser: Browser | undefined;
  const site = { url: '' };

  beforeAll(async () => {
    site.url = siteUrl();
    browser = await connectChromium();
  });

  afterAll(async () => {
    await browser?.close(); // disconnects this file; the shared browser keeps running
  });

  return {
    async open(query = '', minSimTime = 0.2, viewport = DESKTOP) {
      if (!browser) throw new Error('harness not started');
      const phone = viewport.width <= 600;
      const page = await browser.newPage({ viewport, isMobile: phone, hasTouch: phone, deviceScaleFactor: phone ? 2 : 1 });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.goto(site.url + query);
      // Slow scenes on software WebGL get time: this waits for simulated, not wall-clock, time.
      await page.waitForFunction((t) => (window.__featherweight?.time() ?? 0) > t, minSimTime, { timeout: 90_000 });
      return { page, problems };
    },
  };
}

/** A download's text (the browser is shared over a connection, so it is read as a stream, not a path). */
export async function downloadText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
