// Once per browser-test run: one built site and one Chromium, shared by every test file (each
// file connects to the browser over its WebSocket endpoint). Building the site and starting the
// browser per file cost ~15 s a file.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './chromium_args.mjs';
import { serveBuiltSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync('test-results', { recursive: true });
  const site = await serveBuiltSite();
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  project.provide('siteUrl', site.url);
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    await site.close();
  };
}
