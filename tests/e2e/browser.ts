// Launching Debian's Chromium through playwright-core: no browser is ever downloaded.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium_args.mjs';

export { CHROMIUM_ARGS };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}
