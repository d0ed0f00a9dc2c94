/** axe-core, injected into the page under test, judging what a screen reader user meets. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

type AxeResult = {
  violations: Array<{
    id: string;
    impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
    help: string;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
};

let source: Promise<string> | undefined;
const axeSource = () => {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
};

/**
 * The serious and critical violations on the page as it stands (WCAG 2.x A and AA rules plus
 * axe's best practices), each as one readable line, so an assertion failure says what is wrong.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which a page's Content-Security-Policy does not
  // govern: the policy under test stays as strict as it is served.
  await page.evaluate(await axeSource());
  const result = (await page.evaluate(() =>
    (
      globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }
    ).axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}
