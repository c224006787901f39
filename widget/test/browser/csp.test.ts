import { expect, test } from 'vitest';
import { button, CONGRATULATIONS_AT_MS, copy, dataStep, fillForm, heading, poll, STRICT_CSP, useSuite, VISITOR, widget } from '../support/index.ts';

// A strict CSP: no inline script or style, no eval, Trusted Types with the widget's policy by name (README's CSP table), form to phone dialog.
const suite = useSuite();
const CSP = `${STRICT_CSP}; require-trusted-types-for 'script'; trusted-types franchise-ai-demo`;
const PRIMARY = 'rgb(29, 78, 216)'; // --fad-color-primary's default, #1d4ed8

test('under a strict CSP with Trusted Types the widget is styled and the form goes through to the later steps and the phone dialog (its chevron drawn) without a violation', async () => {
  const fixture = await suite.page({ headers: { 'Content-Security-Policy': CSP }, clock: true });
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  const submit = button(page, copy.submit);
  expect(await submit.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
  // Styled by adopted sheets (the first render's, and the later steps' once they arrive at idle), no <style>.
  expect(await widget(page).evaluate((host) => [host.shadowRoot!.adoptedStyleSheets.length > 0, host.shadowRoot!.querySelectorAll('style').length])).toEqual([
    true,
    0,
  ]);
  await fillForm(page, VISITOR);
  await submit.click();
  await poll(() => dataStep(page)).toBe('loading');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS); // the progress bar's width changes on the way
  await heading(page, copy.readyHeading).waitFor();
  expect(await button(page, copy.scheduleCall).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PRIMARY);
  // The dialog's chevron must be drawn, not a data: image (img-src falls back to 'self'), or the policy would block it with a report.
  await button(page, copy.scheduleCall).click();
  const select = widget(page).getByRole('dialog').getByRole('combobox', { name: copy.phoneCountryLabel });
  await poll(() => select.locator('option').count()).toBeGreaterThan(200);
  expect(await select.evaluate((element) => [getComputedStyle(element).appearance, getComputedStyle(element).backgroundImage !== 'none'])).toEqual([
    'none',
    true,
  ]);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect([fixture.consoleErrors, fixture.pageErrors]).toEqual([[], []]);
  // The policy is in force, Trusted Types too, and a violation would have been seen.
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.append('window.__inlineRan = true'); // Trusted Types refuses its text before script-src is asked
    document.head.append(script);
    return (window as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(inlineRan).toBe(false);
  const refused = await page.evaluate(() => {
    try {
      document.createElement('script').src = '/widget/franchise-ai-demo.js';
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  expect(refused, 'a plain string as a script URL').toBe(true);
  await poll(() => page.evaluate(() => window.__cspViolations)).toEqual([
    'require-trusted-types-for trusted-types-sink',
    'require-trusted-types-for trusted-types-sink',
  ]);
});
