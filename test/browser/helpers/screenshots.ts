/** Screenshots of each screen at phone and desktop width, kept in bench/screenshots/. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from './chromium';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Saves `bench/screenshots/<area>/<name>-{phone,desktop}.png` when SCREENSHOTS=1 (the
 * `npm run screenshots` command); otherwise does nothing, so the suite stays fast.
 */
export async function screenshotBoth(page: Page, area: string, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = path.join(ROOT, 'bench', 'screenshots', area);
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
