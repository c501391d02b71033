// Debian's Chromium through playwright-core: no browser is ever downloaded. The browser tests
// share the one Chromium their global setup started (global_setup.ts).
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium_args.mjs';

export { CHROMIUM_ARGS };

/** The run's shared Chromium (closing the returned handle only disconnects this file). */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** The built site's base URL, served under a sub-path for the whole run. */
export function siteUrl(): string {
  return inject('siteUrl');
}
