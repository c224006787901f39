import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: unknown[];
}

/**
 * What a page driver needs to run axe: Playwright's Page (Chromium) and puppeteer's (Firefox over
 * BiDi) both have these two, each with a wider signature.
 */
export interface AxePage {
  evaluate<T>(run: () => T | Promise<T>): Promise<T>;
  addScriptTag(options: { content: string }): Promise<unknown>;
}

/** In the page: axe over the whole document (it walks open shadow roots), its violations. Self-contained, as it is sent to the page as text. */
async function violationsInPage(): Promise<AxeViolation[]> {
  const { axe } = window as unknown as { axe: typeof import('axe-core') };
  const results = await axe.run(document, { resultTypes: ['violations'] });
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target),
  }));
}

/** Runs axe over the whole document (it walks open shadow roots) and returns the violations. */
export async function runAxe(page: Page | AxePage): Promise<AxeViolation[]> {
  const driver = page as AxePage;
  if (!(await driver.evaluate(() => 'axe' in window))) await driver.addScriptTag({ content: AXE_SOURCE });
  return driver.evaluate(violationsInPage);
}
