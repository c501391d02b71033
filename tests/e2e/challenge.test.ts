// Challenges that check themselves, in the page: the ball-into-the-cup challenge shows its goal
// and its region, is solved through the sliders (0.6 rad at 5.5 m/s, the solution
// tests/web/challenges.test.ts finds in Node), stops at its verdict, and Submit makes a result
// link. The link opens read-only in a fresh page, where Verify runs the attempt again and says
// the claim holds; the same link with the score edited says it does not; a damaged link or one
// made for another version of the challenge is refused and the previous scene keeps running.
// Pictures at a desktop size, in an 800×450 embed and on a phone (test-results/screens/).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodeResultLink, encodeResultLink } from '../../lib/challenge/result_link';
import { DESKTOP, PHONE, snapshot, usePageHarness, type Viewport } from './harness';
import { control, openFolder } from './gui';

const harness = usePageHarness();
const SCENE = 'challenge-ball-in-cup';
const EMBED: Viewport = { width: 800, height: 450 };
const SCREENS = 'test-results/screens';
const SOLVED_AT = 380 / 240; // s: the step at which the goal first holds with 5.5 m/s
const PROBLEM_TIMEOUT = 90_000;
/** Software WebGL draws a frame a second or slower: what the page does between frames gets time. */
const POLL = { timeout: 30_000 } as const;

async function opened(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden, null, { timeout: PROBLEM_TIMEOUT });
}

async function setSlider(page: Page, label: string, value: number): Promise<void> {
  await openFolder(page, 'Scene');
  const input = control(page, label).locator('input');
  await input.fill(String(value));
  await input.press('Enter');
}

/** The text of the verdict line once the run is decided. */
async function verdictOf(page: Page): Promise<string> {
  const verdict = page.locator('#challenge .challenge-verdict.success, #challenge .challenge-verdict.failure');
  await verdict.waitFor({ timeout: PROBLEM_TIMEOUT });
  return (await verdict.textContent()) ?? '';
}

/** The page's scene bodies (not the ground) on the screen, and whether any lies under a visible panel. */
function bodiesUnderPanels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fw = window.__featherweight!;
    const panels = ['#panel', '#gui-host .lil-gui.lil-root', '#plot-panel', '#timeline'].flatMap((s) => Array.from(document.querySelectorAll<HTMLElement>(s)))
      .filter((e) => e.checkVisibility() && e.getBoundingClientRect().width > 0).map((e) => e.getBoundingClientRect());
    return fw.bodyNames().flatMap((name, i) => {
      const drawn = fw.drawnBody(i);
      if (name === 'floor' || !drawn || !drawn.box.min.every(Number.isFinite)) return [];
      const { min, max } = drawn.box;
      const corners = Array.from({ length: 8 }, (_, k) => fw.toScreen(k & 1 ? max[0] : min[0], k & 2 ? max[1] : min[1], k & 4 ? max[2] : min[2]));
      const left = Math.min(...corners.map((c) => c.x)), right = Math.max(...corners.map((c) => c.x));
      const top = Math.min(...corners.map((c) => c.y)), bottom = Math.max(...corners.map((c) => c.y));
      const covered = panels.some((r) => Math.min(right, r.right) - Math.max(left, r.left) > 1 && Math.min(bottom, r.bottom) - Math.max(top, r.top) > 1);
      return covered ? [name] : [];
    });
  });
}

describe('challenges in the page', () => {
  let link = '';

  it('shows the goal and the cup, is solved by the sliders, stops at success and submits a result link', async () => {
    const { page, problems } = await harness.open(`?scene=${SCENE}`, -1);
    await opened(page);
    const box = page.locator('#challenge');
    await box.waitFor();
    expect(await box.locator('.challenge-title').textContent()).toBe('Challenge: Ball into the cup within 5 s');
    expect(await box.locator('.challenge-goal').textContent()).toBe('Goal: “ball” inside the region “cup” and “ball” moving slower than 0.1 m/s, held for 0.5 s.');
    expect(await box.locator('.challenge-rules').textContent()).toMatch(/^Time limit 5 s · score: time to success, lower is better · you may change the sliders/);
    expect(await box.locator('.challenge-submit-button').isDisabled()).toBe(true);

    await setSlider(page, 'Launch angle', 0.6);
    await setSlider(page, 'Launch speed', 5.5);
    // A slider starts a fair attempt from t = 0; Play runs it to its verdict, where it stops.
    if (await page.evaluate(() => window.__featherweight!.paused())) await page.locator('#play').click();
    await expect.poll(() => box.locator('.challenge-progress').textContent(), POLL).toMatch(/held \d\.\d\d of 0\.5 s/);
    expect(await verdictOf(page)).toBe('Success at t = 1.58333 s · score 1.58333 s');
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    expect(await page.evaluate(() => window.__featherweight!.time())).toBe(SOLVED_AT);
    mkdirSync(SCREENS, { recursive: true });
    await snapshot(page, `${SCREENS}/challenge-desktop.png`);
    expect(await bodiesUnderPanels(page)).toEqual([]);

    await box.locator('.challenge-name').fill('Ada');
    await box.locator('.challenge-submit-button').click();
    await expect.poll(() => box.locator('.challenge-link-field').inputValue(), POLL).toMatch(/#result=1\./);
    link = await box.locator('.challenge-link-field').inputValue();
    const result = decodeResultLink(link);
    expect(result).toMatchObject({ challenge: `${SCENE}.json`, label: 'Ada', claim: { status: 'success', score: SOLVED_AT }, attempt: { sliders: { '/articulations/0/links/0/joint/velocity/linear/1': 5.5 } } });
    expect(result.challengeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('opens the result link read-only in a fresh page, and Verify says the claim holds', async () => {
    expect(link).not.toBe('');
    const { page, problems } = await harness.open(link.slice(link.indexOf('#')), -1);
    await opened(page);
    const box = page.locator('#challenge');
    await expect.poll(() => box.locator('.challenge-banner').textContent(), POLL).toBe(`Result of Ada: claims success in ${Number(SOLVED_AT.toPrecision(6))} s`);
    expect(await page.locator('#edit-open').isDisabled()).toBe(true);
    expect(await page.locator('#build-open').isDisabled()).toBe(true);
    await openFolder(page, 'Scene');
    expect(await control(page, 'Launch speed').locator('input').isDisabled()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(window.__featherweight!.sceneText()).articulations[0].links[0].joint.velocity.linear[1])).toBe(5.5);

    await box.locator('.challenge-verify').click();
    const verified = box.locator('.challenge-verify-result.success, .challenge-verify-result.failure');
    await verified.waitFor({ timeout: PROBLEM_TIMEOUT });
    expect(await verified.textContent()).toBe(`The claim holds: the run gives success, score ${Number(SOLVED_AT.toPrecision(6))} s.`);
    expect(await verified.getAttribute('class')).toContain('success');
    await snapshot(page, `${SCREENS}/challenge-result-verified.png`);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('says the claim does not hold when the score was edited', async () => {
    const edited = decodeResultLink(link);
    edited.claim.score = 1.2;
    const { page, problems } = await harness.open(encodeResultLink(edited), -1);
    await opened(page);
    const box = page.locator('#challenge');
    await expect.poll(() => box.locator('.challenge-banner').textContent(), POLL).toBe('Result of Ada: claims success in 1.2 s');
    await box.locator('.challenge-verify').click();
    const verified = box.locator('.challenge-verify-result.success, .challenge-verify-result.failure');
    await verified.waitFor({ timeout: PROBLEM_TIMEOUT });
    expect(await verified.textContent()).toBe(`The claim does not hold: it claims success, score 1.2 s; the run gives success, score ${Number(SOLVED_AT.toPrecision(6))} s.`);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('verifies a controller attempt in the page\'s sandbox, started by the Verify click', async () => {
    const file = 'challenge-cart-pole-balance.json';
    const bytes = readFileSync(new URL(`../../public/scenes/${file}`, import.meta.url));
    const source = readFileSync(new URL('../web/fixtures/challenges/cart_pole_lqr.js', import.meta.url), 'utf8');
    const fragment = encodeResultLink({
      challenge: file, challengeHash: createHash('sha256').update(bytes).digest('hex'), attempt: { controller: { source } }, claim: { status: 'success', score: 10.234 }, label: 'Grace',
    });
    const { page, problems } = await harness.open(fragment, -1);
    await opened(page);
    const box = page.locator('#challenge');
    await expect.poll(() => box.locator('.challenge-banner').textContent(), POLL).toBe('Result of Grace: claims success in 10.234 s');
    expect(await page.evaluate(() => window.__featherweight!.time())).toBe(0); // its code waits for the click
    await box.locator('.challenge-verify').click();
    await page.locator('#controller', { hasText: 'Running:' }).waitFor({ timeout: PROBLEM_TIMEOUT });
    // The rest of the run in one go, the controller ticking in lockstep (no drawing meanwhile): the run stops at its verdict.
    await page.evaluate(() => window.__featherweight!.advanceControlled(Math.ceil(15 / window.__featherweight!.timestep()), false));
    const verified = box.locator('.challenge-verify-result.success, .challenge-verify-result.failure');
    await verified.waitFor({ timeout: PROBLEM_TIMEOUT });
    expect(await verified.textContent()).toBe('The claim holds: the run gives success, score 10.234 s.');
    expect(await page.evaluate(() => window.__featherweight!.time())).toBeCloseTo(10.234, 9); // stopped at the verdict
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('refuses a damaged link and one made for another version of the challenge; the previous scene keeps running', async () => {
    const { page } = await harness.open('?scene=pendulum#result=1.AAAAAAAAAAAA', -1);
    await opened(page);
    await expect.poll(() => page.locator('#error-text').textContent(), POLL).toMatch(/^This result link is damaged: .*\nShowing Simple pendulum instead\./s);
    expect(await page.locator('#challenge').isHidden()).toBe(true);

    const other = decodeResultLink(link);
    other.challengeHash = '0'.repeat(64);
    await page.evaluate((fragment) => (window.location.hash = fragment), encodeResultLink(other));
    await expect.poll(() => page.locator('#error-text').textContent(), POLL).toBe(
      `This result was made for another version of the challenge "${SCENE}.json" (its file here has changed since), so it cannot be checked here.\nThe previous scene keeps running.`,
    );
    expect(await page.locator('#scene-title').textContent()).toBe('Simple pendulum');
    await page.close();
  }, 120_000);

  for (const [name, viewport, query] of [['embed', EMBED, '&embed'], ['phone', PHONE, ''], ['desktop-start', DESKTOP, '']] as const) {
    it(`shows the goal without covering the scene: ${name}`, async () => {
      const { page, problems } = await harness.open(`?scene=${SCENE}${query}`, 0.05, viewport);
      await opened(page);
      await page.locator('#challenge .challenge-goal').waitFor();
      await page.evaluate(() => window.__featherweight!.pause());
      expect(await page.locator('#challenge').isVisible()).toBe(true);
      expect(await bodiesUnderPanels(page)).toEqual([]);
      await snapshot(page, `${SCREENS}/challenge-${name}.png`);
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }
});
