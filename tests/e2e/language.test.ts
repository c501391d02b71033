// The page in German: after switching the language menu to Deutsch, no visible text of the
// interface is English — every text node a user sees (the panel's folders opened, the help shown),
// every option of a visible menu, and every visible control's aria-label, title and placeholder.
// A text counts as English when it reads as an English catalogue string whose German differs, or
// holds a common English word. The scene's texts (title, description, its sliders) are checked
// too: the gallery's scenes carry German ones. Left out are what no translation covers: the title,
// description, observations, method and questions shown as the scene wrote them (their German is
// checked in tests/web), its JSON in the editor and its joints' names. Then: a browser set to
// German opens the page in German, numbers are written with a decimal comma, and the choice is
// remembered; the sliders' labels switch with the language, and an embedding page finds a slider
// by its label as written or as shown.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChromium, siteUrl } from './browser';
import { DESKTOP } from './harness';

const localesDir = join(import.meta.dirname, '../../web/src/i18n/locales');

function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) flatten(inner, `${prefix}.${key}`, into);
  return into;
}

function catalogue(language: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of readdirSync(join(localesDir, language))) flatten(JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')), file.replace(/\.json$/, ''), keys);
  return keys;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue line as a pattern: its placeholders match anything. */
const pattern = (line: string) => new RegExp(`^${line.split(/\{\{\s*\w+\s*\}\}/).map(escape).join('.+?')}$`, 's');
const lines = (text: string) => text.split('\n').map((line) => line.replace(/<\/?kbd>/g, '').trim()).filter((line) => line !== '');

/** Catalogue lines whose German differs from the English, as English and German patterns. */
function englishOnlyLines(): { english: RegExp; german: RegExp[]; source: string }[] {
  const en = catalogue('en'), de = catalogue('de');
  const found: { english: RegExp; german: RegExp[]; source: string }[] = [];
  for (const [key, text] of en) {
    const german = de.get(key) ?? '';
    if (german === text) continue;
    const germanLines = lines(german).map(pattern);
    for (const line of lines(text)) {
      if (!/[A-Za-z]{2}/.test(line.replace(/\{\{\s*\w+\s*\}\}/g, ''))) continue; // symbols and placeholders only
      if (lines(german).includes(line)) continue; // this line reads the same in both ("t = {{time}} s")
      found.push({ english: pattern(line), german: germanLines, source: `${key}: ${line}` });
    }
  }
  return found;
}

// Words that are English and not also German (so not "in", "Start", "Link", "Code", "Name"); proper
// names, units and symbols are not among them.
const ENGLISH_WORDS = new Set(
  ('the and of to with for from on is are this that show hide step reset play share edit build scene time gravity speed view bodies body ' +
    'contacts contact click drag plot download loading keys mouse help close world select trace frame energy joint joints centres centers mass ' +
    'bounding boxes points normals follow selected trail trails clear controls playback dynamics solver iterations friction restitution ' +
    'shapes every mixed none quantity against copy copied paste open save file files new undo redo delete duplicate back forward mark marker ' +
    'keyframe keyframes going cost level levels all school university teaching vectors velocity acceleration momentum force forces ' +
    'measure ruler protractor numbers kinetic potential lost work check balanced error goal submit verify score controller run running apply ' +
    'cancel title description table side top front camera stacked layout add remove value values ready record recording parts part ground ' +
    'sphere capsule cylinder hinge slider spring rope string wheel').split(/\s+/),
);

interface Seen {
  text: string;
  where: string;
}

/** Every text a user sees on the page now (the scene's own texts left out). */
function visibleTexts(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const SCENE_CONTENT = '#scene-title, #scene-description, #scene-observe, #scene-method, #scene-picker, #questions, [data-scene-text], .cm-content, .cm-gutters';
    const seen: { text: string; where: string }[] = [];
    const shown = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && element.getClientRects().length > 0;
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`;
    // The joint efforts (data-scene-text) are named by the scene's joints; its sliders are checked.
    const excluded = (element: Element) => !!element.closest(SCENE_CONTENT);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || text === '' || parent.closest('script, style, option') || excluded(parent) || !shown(parent)) continue;
      seen.push({ text, where: describe(parent) });
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], select')) {
      if (excluded(element) || !shown(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) seen.push({ text, where: `${describe(element)}[${attribute}]` });
      }
      if (element instanceof HTMLSelectElement) for (const option of element.options) if (option.text.trim()) seen.push({ text: option.text.trim(), where: `${describe(element)} option` });
    }
    return seen;
  });
}

/** The texts that read as English; `names` are the scene's own (its controller's signals), not the page's words. */
function english(seen: Seen[], names: ReadonlySet<string> = new Set()): string[] {
  const catalogueLines = englishOnlyLines();
  const found: string[] = [];
  for (const { text, where } of seen) {
    for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
      const match = catalogueLines.find((c) => c.english.test(line) && !c.german.some((g) => g.test(line)));
      const word = line.match(/[A-Za-z]+/g)?.find((w) => ENGLISH_WORDS.has(w.toLowerCase()) && !names.has(w));
      if (match) found.push(`${where}: "${line}" is English (${match.source})`);
      else if (word) found.push(`${where}: "${line}" has the English word "${word}"`);
    }
  }
  return found;
}

/** The words of every "name" in a scene file (bodies, joints, links). */
function sceneNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(sceneNames);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'name' && typeof inner === 'string' ? (inner.match(/[A-Za-z]+/g) ?? []) : sceneNames(inner)));
}

/** Opens every folder of the panel and every folded box, as a user reading it all would. */
async function openAllFolders(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    for (let round = 0; round < 5; round++) {
      const closed = [...document.querySelectorAll<HTMLElement>('#gui-host .lil-gui.lil-closed > .lil-title, #gui-host .lil-gui.closed > .title')];
      if (closed.length === 0) break;
      for (const title of closed) title.click();
    }
  });
}

async function opened(browser: Browser, locale: string, query = '', minSimTime = 0.2): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(siteUrl() + query);
  // (A scene that asks a question waits at t = 0 for the student's Play.)
  await page.waitForFunction((t) => (window.__featherweight?.time() ?? -1) >= t, minSimTime, { timeout: 90_000 });
  return { page, problems };
}

describe('the page in German', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('has no English left once Deutsch is chosen, and writes numbers with a decimal comma', async () => {
    const { page, problems } = await opened(browser, 'en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await openAllFolders(page);
    // The check finds English where there is English (it would pass on nothing otherwise).
    const before = english(await visibleTexts(page));
    expect(before.length).toBeGreaterThan(40);

    await page.selectOption('#language-picker', 'de');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.waitForFunction(() => /\d,\d/.test(document.getElementById('hud')?.textContent ?? ''));
    await openAllFolders(page);
    expect(english(await visibleTexts(page))).toEqual([]);

    // The help, shown.
    await page.locator('#help-open').click();
    await page.locator('#help').waitFor({ state: 'visible' });
    expect(english(await visibleTexts(page))).toEqual([]);
    await page.locator('#help-close').click();

    // The teaching aids, the embed form, the scene editor and build mode, opened.
    await page.keyboard.press('e');
    await page.locator('#energy-bars').waitFor({ state: 'visible' });
    await page.locator('#share-box > button').click();
    await page.locator('#embed-box').waitFor({ state: 'visible' });
    await page.locator('#edit-open').click();
    await page.locator('#editor-panel .editor-bar').waitFor({ state: 'visible' });
    expect(english(await visibleTexts(page))).toEqual([]);
    await page.locator('#edit-open').click();
    await page.locator('#build-open').click();
    await page.locator('#build-bar').waitFor({ state: 'visible' });
    expect(english(await visibleTexts(page))).toEqual([]);
    await page.locator('#build-open').click();

    // German numbers: the HUD's time with a decimal comma, no decimal point.
    const hud = (await page.locator('#hud').textContent()) ?? '';
    expect(hud).toMatch(/^t \d+,\d{3} s/);
    expect(hud).not.toMatch(/\d\.\d/);
    // And the panel's number fields (gravity −9.81 m/s² by default).
    expect(await page.locator('#gui-host .lil-controller', { hasText: 'Schwerkraft z' }).locator('input').inputValue()).toBe('-9,81');

    // Remembered: the page opens in German again.
    await page.reload();
    await page.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.2, undefined, { timeout: 90_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('#step').textContent()).toBe('Schritt');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000); // two page loads and every panel opened, on software WebGL

  it("speaks German in a controller's bar and a scene's questions too", async () => {
    for (const scene of ['cart-pole-swing-up', 'atwood']) {
      const { page, problems } = await opened(browser, 'de-DE', `?scene=${scene}`, scene === 'atwood' ? 0 : 0.2);
      await openAllFolders(page);
      const bar = scene === 'atwood' ? '#questions' : '#controller';
      await page.locator(bar).waitFor({ state: 'visible' });
      // The scene's own names: its bodies' and joints' ("ground"), its controller's signals ("force").
      const file = JSON.parse(readFileSync(join(import.meta.dirname, `../../public/scenes/${scene}.json`), 'utf8')) as { controller?: { source: string } };
      const names = new Set([...sceneNames(file), ...(file.controller?.source.match(/[A-Za-z_]\w*/g) ?? [])]);
      expect(english(await visibleTexts(page), names), scene).toEqual([]);
      if (scene === 'atwood') {
        // The question's own words are the scene's; its frame is the page's.
        expect(await page.locator('#questions legend').first().textContent()).toMatch(/^Vorhersage: /);
        expect(await page.locator('#questions .question-verdict').first().textContent()).toMatch(/^Wähle, dann drücke Start: Die Antwort erscheint bei t = \d+(,\d+)? s\.$/);
      }
      else expect(await page.locator('#controller .controller-status').textContent()).not.toBe('');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }, 240_000);

  it("names the scene's sliders in the page's language, back and forth, and finds them by either label", async () => {
    const { page, problems } = await opened(browser, 'en-US', '?scene=pendulum');
    await openAllFolders(page);
    const sliderLabels = () => page.locator('#gui-host .lil-controller[data-path] > .lil-name').allTextContents();
    expect(await sliderLabels()).toEqual(['Release angle (rad)', 'Bob mass (kg)']);
    await page.selectOption('#language-picker', 'de');
    await expect.poll(sliderLabels).toEqual(['Startwinkel (rad)', 'Masse der Kugel (kg)']);
    // Renamed in place: the same controllers, nothing rebuilt (the run carries on).
    expect(await page.locator('#gui-host .lil-controller[data-path]').count()).toBe(2);
    await page.selectOption('#language-picker', 'en');
    await expect.poll(sliderLabels).toEqual(['Release angle (rad)', 'Bob mass (kg)']);
    expect(problems).toEqual([]);
    await page.context().close();

    // A German page embedded in a course page of the site's own origin: the course page may name a
    // slider by the scene's own label, by the German one shown, or by its path.
    const course = await browser.newContext({ viewport: DESKTOP, locale: 'de-DE', serviceWorkers: 'block' });
    const lesson = await course.newPage();
    const src = `${siteUrl()}?embed&scene=pendulum`;
    await lesson.route(`${siteUrl()}lesson.html`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Lesson</title><iframe id="sim" src="${src}" width="800" height="450"></iframe>` }));
    await lesson.goto(`${siteUrl()}lesson.html`);
    const frame = (await (await lesson.waitForSelector('#sim')).contentFrame())!;
    await frame.waitForFunction(() => (window.__featherweight?.time() ?? 0) > 0.2, null, { timeout: 90_000 });
    const post = (message: object) => lesson.evaluate((m) => (document.getElementById('sim') as HTMLIFrameElement).contentWindow!.postMessage(m, '*'), message);
    const angle = () => frame.evaluate(() => window.__featherweight!.q()[0]);
    await post({ type: 'pause' }); // a moved slider starts the scene again from its value, paused
    await expect.poll(() => frame.evaluate(() => window.__featherweight!.paused())).toBe(true);
    for (const [slider, value] of [['Release angle', 0.5], ['Startwinkel', 0.7], ['/articulations/0/links/0/joint/position', 0.3]] as const) {
      await post({ type: 'setSlider', slider, value });
      await expect.poll(angle, { message: slider }).toBe(value);
    }
    await course.close();
  }, 240_000);

  it("follows the browser's language: a German browser opens the page in German", async () => {
    const { page, problems } = await opened(browser, 'de-DE');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('#language-picker').inputValue()).toBe('de');
    expect(await page.locator('#reset').textContent()).toBe('Zurücksetzen');
    expect(await page.locator('#help-open').getAttribute('title')).toBe('Tasten und Maus (h)');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
