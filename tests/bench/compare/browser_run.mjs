// npm run bench:compare:browser — the (a) hinge chains and (c) box scenes of the engine comparison
// in Debian's headless Chromium, every engine on one page (browser.html). Serves the repository
// with a Vite dev server on a free port, prints the page's progress, merges the figures into
// results.json under `browser` (the Node figures of compare.mjs stay) and prints a markdown table.
// Options: --quick (shorter repetitions), --only=<part of a case name>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { URL, URLSearchParams, fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS } from '../../e2e/chromium_args.mjs';
import { caseNotes, casesTable } from './measure.mjs';
import { mjcfTable } from './mjcf_case.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const TIMEOUT_MS = 60 * 60 * 1000; // Rapier multibody alone takes ~100 s on the 1000-link chain

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const server = await createServer({
  configFile: false,
  root: repo,
  publicDir: false,
  logLevel: 'warn',
  // port 0: the system picks a free one. No watching and no hot reload: others edit this tree
  // while the benchmark runs, and a reload would restart it.
  server: { host: '127.0.0.1', port: 0, fs: { allow: [repo] }, watch: null, hmr: false },
  // The engines are ES modules already: serve them as they are, so no late dependency
  // optimisation reloads the page in the middle of a run.
  optimizeDeps: { noDiscovery: true, include: [] },
});
let browser;
try {
  await server.listen();
  const { port } = server.httpServer.address();
  const query = new URLSearchParams();
  if (quick) query.set('quick', '');
  if (only) query.set('only', only);
  const url = `http://127.0.0.1:${port}/tests/bench/compare/browser.html?${query}`;

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.text().startsWith('[vite]')) return;
    (message.type() === 'error' ? process.stderr : process.stdout).write(`${message.text()}\n`);
  });
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  console.log(`Chromium ${browser.version()}: ${url}`);
  await page.goto(url);
  await page.waitForFunction(() => window.__compareResults !== undefined, null, { timeout: TIMEOUT_MS, polling: 1000 });
  const figures = await page.evaluate(() => window.__compareResults);

  const markdown = casesTable(figures.cases, figures.engines) + (figures.mjcf ? mjcfTable(figures.mjcf) : '') + caseNotes(figures.cases, figures.errors);
  const out = fileURLToPath(new URL('./results.json', import.meta.url));
  const results = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : {};
  results.browser = { ...figures, chromium: browser.version(), quick, only: only ?? null, markdown };
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${markdown}`);
  console.log(`total ${figures.totalSeconds} s in the page; figures under "browser" in ${out}`);
} finally {
  await browser?.close();
  await server.close();
}
