import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { poll } from '@franchise-ai/test-support/poll';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { CONTENT } from '../../src/content/all-langs.ts';
import { ROUTES, SECTIONS } from '../../src/routes.ts';
import { BUILD_ENV } from '../support/build-env.ts';
import { PHONE, useSite } from '../support/site.ts';

// Every page with JavaScript turned off: the prerendered HTML must read fine and its links work.
const site = useSite();

const banner = (page: Page) => page.getByRole('banner');

describe('without JavaScript', () => {
  test.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s at 375 and at 1280 px shows its heading and the header links, and hides the menu button',
    async (path, route) => {
      const { text } = CONTENT[route.lang];
      const { page } = await site.open(path, { viewport: PHONE, javaScript: false });
      // The app never ran: nothing hydrated #root.
      expect(await page.locator('#root[data-hydrated]').count()).toBe(0);
      // The same document at both widths: only the CSS decides, so resizing the page is enough.
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        const at = `${viewport.width} px`;
        expect(await page.locator('main h1').isVisible(), at).toBe(true);
        for (const { id } of SECTIONS) {
          const label = text.sections[id];
          expect(await banner(page).getByRole('link', { name: label, exact: true }).isVisible(), `${label} at ${at}`).toBe(true);
        }
        expect(await banner(page).getByRole('link', { name: text.demoLink, exact: true }).isVisible(), at).toBe(true);
        expect(await page.getByRole('button', { name: text.nav.openMenu }).isVisible(), at).toBe(false);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(viewport.width);
      }
    },
  );
});

test('at 375 px without JavaScript, a header link from /privacy opens the landing page on its section', async () => {
  const { page } = await site.open('/privacy', { viewport: PHONE, javaScript: false });
  await banner(page).getByRole('link', { name: 'Get Started', exact: true }).click();
  await poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#contact');
  await poll(() => page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top))).toBeLessThan(80);
});

test('/demo without JavaScript says the demo needs it, with a way to write to us', async () => {
  const { page } = await site.open('/demo', { viewport: PHONE, javaScript: false });
  const notice = page.locator('franchise-ai-demo .notice');
  expect(await notice.isVisible()).toBe(true);
  expect(await notice.innerText()).toContain('The live demo runs in your browser and needs JavaScript.');
  expect(await notice.getByRole('link', { name: BUILD_ENV.VITE_CONTACT_EMAIL }).getAttribute('href')).toBe(`mailto:${BUILD_ENV.VITE_CONTACT_EMAIL}`);
});

test('/demo with JavaScript shows the widget and not the notice', async () => {
  const { page } = await site.open('/demo', { viewport: PHONE });
  await page.locator('franchise-ai-demo').getByRole('button', { name: copy.submit }).waitFor();
  expect(await page.getByText('needs JavaScript').count()).toBe(0);
});
