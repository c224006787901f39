import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { horizontalOverflow } from './layout.ts';

/** axe and no sideways overflow at each width in turn (height 800), the same state resized in place; leaves the page at the last width. */
export async function expectAccessibleAtWidths(page: Page, where: string, widths: readonly number[]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    expect(await runAxe(page), `axe violations on ${where} at ${width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `horizontal overflow on ${where} at ${width} px`).toEqual([]);
  }
}
