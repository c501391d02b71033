// Predict, then observe (meta.questions): a scene that asks waits at t = 0 with its question and
// choices; the student predicts, plays, and once the run reaches revealAt the right answer, the
// student's own and the explanation are shown.
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';

const harness = usePageHarness();

describe('questions', () => {
  it('asks before the run and answers after it', async () => {
    const { page, problems } = await harness.open('?scene=sliding-to-rolling', -1);
    await page.waitForFunction(() => window.__featherweight !== undefined && document.getElementById('loading')!.hidden);
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    expect(await page.evaluate(() => window.__featherweight!.time())).toBe(0);
    const question = page.locator('#questions .question');
    await expect.poll(() => question.locator('legend').textContent()).toMatch(/^Predict: Each ball starts sliding at 3 m\/s/);
    expect(await question.locator('label').count()).toBe(4);
    expect(await page.locator('#questions .question-verdict').textContent()).toMatch(/answer shows at t = 3 s/);
    expect(await question.locator('label.right').count()).toBe(0); // not given away before the run

    await question.locator('label', { hasText: 'slower on the rougher plane' }).locator('input').check();
    await page.locator('#play').click();
    await page.waitForFunction(() => window.__featherweight!.time() > 0.05);
    await page.evaluate(() => window.__featherweight!.advance(Math.ceil(3.1 / window.__featherweight!.timestep())));
    await expect.poll(() => question.locator('label.right').textContent()).toMatch(/5\/7 of 3 m\/s/);
    expect(await question.locator('label.wrong').textContent()).toMatch(/slower on the rougher plane/);
    expect(await page.locator('#questions .question-verdict').textContent()).toMatch(/^You predicted “slower on the rougher plane”\. Answer: 5\/7 of 3 m\/s, whatever μ is\. Friction slows/);
    expect(await question.locator('input').first().isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
