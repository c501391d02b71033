// Keyboard only: Tab reaches every control of the page in order — the scene list, the buttons,
// the timeline, the plot's pickers and exports, the panel's sliders and settings — each with a
// name a screen reader can say and a visible focus outline; Enter and Space work the buttons.
import { describe, expect, it } from 'vitest';
import { usePageHarness } from './harness';

const harness = usePageHarness();

interface Stop {
  tag: string;
  name: string;
  outline: string;
}

describe('keyboard', () => {
  it('reaches every control with Tab, each named and visibly focused, and works the buttons', async () => {
    const { page, problems } = await harness.open();
    await page.locator('#scene-picker').focus();
    const stops: Stop[] = [];
    for (let i = 0; i < 120; i++) {
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const labelled = el.getAttribute('aria-labelledby');
        // The accessible name as a screen reader finds it, roughly: aria-label, aria-labelledby, a label, the text, the title.
        const name =
          el.getAttribute('aria-label') ??
          (labelled ? document.getElementById(labelled)?.textContent : null) ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
          el.closest('label')?.textContent ??
          (el.tagName === 'BUTTON' || el.tagName === 'SUMMARY' ? el.textContent : null) ??
          el.title;
        const style = getComputedStyle(el);
        return { tag: el.tagName.toLowerCase(), name: (name ?? '').trim() || el.title, outline: `${style.outlineStyle} ${style.outlineWidth}` };
      });
      if (stop.tag === 'body' || (i > 0 && stop.name === stops[0].name && stop.tag === stops[0].tag)) break; // round again
      stops.push(stop);
      await page.keyboard.press('Tab');
    }
    const names = stops.map((s) => s.name);
    // (Closed folders of the panel, World among them, open with Enter on their titles, which are in the run.)
    for (const expected of ['Scene', 'World', 'Pause', 'Step', 'Reset', 'Edit', '?', 'Share', 'Embed…', 'One step back (←)', 'One step forward (→)', 'Mark', 'Quantity to plot', 'CSV', 'PNG', 'Release angle (rad)', 'frame all (f)'])
      expect(names.some((n) => n === expected || n.startsWith(`${expected} `)), `Tab reaches "${expected}" in ${JSON.stringify(names)}`).toBe(true);
    expect(names.some((n) => n.startsWith('Simulated time'))).toBe(true); // the timeline's playhead
    expect(stops.filter((s) => s.name === '')).toEqual([]); // every stop is named
    expect(stops.filter((s) => s.outline.startsWith('none') || s.outline.endsWith(' 0px'))).toEqual([]); // and visibly focused
    // The buttons answer the keyboard: Space on Pause pauses, Enter on Step steps.
    await page.locator('#play').focus();
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => window.__featherweight!.paused())).toBe(true);
    const t = await page.evaluate(() => window.__featherweight!.time());
    await page.locator('#step').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.__featherweight!.time())).toBeGreaterThan(t);
    expect(problems).toEqual([]);
    await page.close();
  });
});
