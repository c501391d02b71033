// The page's lil-gui Controls panel, as the browser tests reach into it.
import type { Page } from 'playwright-core';

/** A controller row by its label. */
export function control(page: Page, label: string) {
  return page.locator('#gui-host .lil-controller, #gui-host .controller').filter({ hasText: label }).first();
}

/** Opens a folder of the panel by its title (a no-op when it is open). */
export async function openFolder(page: Page, title: string): Promise<void> {
  const folder = page.locator('#gui-host .lil-gui').filter({ has: page.locator(':scope > .lil-title, :scope > .title', { hasText: title }) }).first();
  if (await folder.evaluate((el) => el.classList.contains('lil-closed') || el.classList.contains('closed'))) {
    await folder.locator(':scope > .lil-title, :scope > .title').click();
  }
}
