import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, reachCongratulations, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { partnerPage, STRICT_CSP as CSP, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// The later steps' own drawings (later-steps.css) under a strict Content-Security-Policy, as
// csp.test.ts has the form: the phone dialog's chevron must not be an image (img-src falls back to
// default-src 'self', which refuses data: URLs), or the policy would block it with a report.
const suite = useSuite();

test('under a strict CSP the phone dialog’s country select draws its chevron without a violation', async () => {
  const url = suite.server.page('/csp-later-steps.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) }), {
    'Content-Security-Policy': CSP,
  });
  const { page, consoleErrors, pageErrors } = await suite.open(url, { clock: true });
  await reachCongratulations(page);
  await button(page, copy.scheduleCall).click();
  const select = widget(page).getByRole('dialog').getByRole('combobox', { name: copy.phoneCountryLabel });
  await poll(() => select.locator('option').count()).toBeGreaterThan(200);
  // The native arrow is gone and the chevron is drawn.
  expect(await select.evaluate((element) => [getComputedStyle(element).appearance, getComputedStyle(element).backgroundImage !== 'none'])).toEqual([
    'none',
    true,
  ]);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect([...consoleErrors, ...pageErrors]).toEqual([]);
});
