/**
 * Headless Chromium for the browser journeys: the binary `@sparticuz/chromium` ships inside its
 * npm package, driven by playwright-core, so no browser download or system install is needed.
 */
import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';

/**
 * The package's own flags minus those that would hide real defects from a journey: a page
 * must be held to the same-origin policy, its CSP and mixed-content rules as a person's
 * browser holds it, and each page runs in its own renderer.
 */
const UNSAFE_FLAGS = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  '--no-zygote',
];

const flags = () => chromium.args.filter((arg) => !UNSAFE_FLAGS.some((f) => arg.startsWith(f)));

/** Launches Chromium headless; close it with `browser.close()`. */
export async function launchBrowser(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: flags(),
    headless: true,
  });
}

/** The widths every screen is looked at: a phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 412, height: 915 },
  desktop: { width: 1440, height: 900 },
} as const;
