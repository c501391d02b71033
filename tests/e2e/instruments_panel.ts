// The instruments panel as a teacher uses it: back to the scene's start, a photogate placed by its
// form, then a stopwatch that times the period from it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Pauses at step 0 and adds, from the panel, a gate at `at` across `axis` of `radius` and a period stopwatch on it. */
export async function addGateAndPeriodStopwatch(page: Page, at: number[], axis: 'x' | 'y' | 'z', radius: number): Promise<void> {
  await page.evaluate(() => {
    window.__featherweight!.pause();
    window.__featherweight!.seekStep(0);
  });
  await page.locator('#instruments > summary').click();
  const form = page.locator('#instruments .gate-form');
  const point = form.locator('input[type="number"]');
  for (let k = 0; k < 3; k++) await point.nth(k).fill(String(at[k]));
  await form.locator('select').first().selectOption(axis);
  await point.nth(3).fill(String(radius));
  await form.locator('.gate-add').click();
  await expect.poll(() => page.locator('#instruments li.gate').count()).toBe(1);
  await page.locator('#instruments .stopwatch-period').first().click();
  await expect.poll(() => page.locator('#instruments li.stopwatch').count()).toBe(1);
}
