// Opening a page at a width and saving what it shows, full page, once it has hydrated and its
// fonts have loaded; animations are stopped so the images do not depend on timing.
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { waitForHydration } from '../../test/support/site.ts';

/** The longest one action (a click, a wait for a step, a full-page shot) may take. */
const ACTION_TIMEOUT_MS = 60_000;

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

export interface Width {
  name: string;
  viewport: { width: number; height: number };
}

export interface OpenOptions {
  clock?: boolean;
  status?: number;
  prepare?: (page: Page) => Promise<unknown>;
}

export class Camera {
  readonly written: string[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
    private readonly folder: string,
  ) {
    mkdirSync(folder, { recursive: true });
  }

  /**
   * A fresh context (with Playwright's clock when asked) and page at `path`, hydrated; `prepare`
   * runs before the page loads (routes that hold, fail or swap what the page fetches).
   */
  async open(path: string, width: Width, { clock = false, status = 200, prepare }: OpenOptions = {}): Promise<Page> {
    const context = await this.browser.newContext({ viewport: width.viewport });
    const page = await context.newPage();
    // Generous on purpose: a full-page shot alone takes 6-8.5 s on a 2-core machine under a load of
    // 2 and more, so 10 s per action failed the run there. A step that never comes still
    // fails, naming itself, within a minute.
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    page.on('pageerror', (error) => console.warn(`  page error on ${path} at ${width.name}: ${error.message}`));
    if (clock) await page.clock.install();
    await prepare?.(page);
    const response = await page.goto(this.origin + path);
    if (response?.status() !== status) throw new Error(`${path} answered ${response?.status()}, expected ${status}`);
    await waitForHydration(page);
    return page;
  }

  /** Saves `<name>-<width>.png` and prints its path. */
  async shoot(page: Page, name: string, width: Width): Promise<void> {
    // From the top: a full-page shot of a scrolled page draws a sticky header where it sits now.
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
      return document.fonts.ready;
    });
    // No hover look on the button just clicked, and the still design reduced motion shows (the
    // loading bar at the spec's figure, not frozen at the end of its fill).
    await page.mouse.move(0, 0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const file = join(this.folder, `${name}-${width.name}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    this.written.push(file);
    console.log(`wrote ${relative(REPOSITORY, file)}`);
  }
}
