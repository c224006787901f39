import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { recordedEvents } from '../support/events.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// Shadow DOM isolation both ways, and how the element reads its attributes.
const suite = useSuite();

const TEXT_STYLES = ['fontFamily', 'fontSize', 'fontWeight', 'color', 'lineHeight', 'textTransform', 'letterSpacing'] as const;

/** Computed text styles of the form step's elements, inside the shadow root. */
const widgetStyles = (page: Page) =>
  widget(page).evaluate(
    (host, properties) => {
      const selectors = ['.root', 'h2', '.lead', 'label[for="fad-name"]', 'input#fad-name', 'button[type="submit"]', '.card h3', '.card p'];
      return Object.fromEntries(
        selectors.map((selector) => {
          const style = getComputedStyle(host.shadowRoot!.querySelector(selector)!);
          return [selector, Object.fromEntries(properties.map((property) => [property, style[property]]))];
        }),
      );
    },
    [...TEXT_STYLES],
  );

test("the page's hostile CSS does not restyle the widget", async () => {
  const attributes = widgetAttributes(suite.host().webhookBase);
  const hostile = await suite.open(suite.server.page('/hostile.html', partnerPage({ attributes })));
  const clean = await suite.open(suite.server.page('/clean.html', partnerPage({ attributes, hostileCss: false })));
  await heading(hostile.page, copy.formHeading).waitFor();
  await heading(clean.page, copy.formHeading).waitFor();

  const styles = await widgetStyles(hostile.page);
  expect(styles).toEqual(await widgetStyles(clean.page));
  expect(styles['.root']).toMatchObject({ fontSize: '16px', lineHeight: '24px', color: 'rgb(15, 23, 42)' });
  expect(styles['h2']!['fontFamily']).toMatch(/^system-ui/);
  // The page's own text does carry its CSS.
  expect(await hostile.page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).toBe('"Times New Roman", serif');
});

test("the widget's CSS does not reach the page's own buttons and headings", async () => {
  const after = '<h2>Our franchise network</h2><button type="button">Find a location</button>';
  const { page } = await suite.open(suite.server.page('/leak.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase), after })));
  await heading(page, copy.formHeading).waitFor();
  const outside = await page.evaluate(() => {
    const pick = (selector: string, properties: Array<keyof CSSStyleDeclaration>) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return Object.fromEntries(properties.map((property) => [property, style[property]]));
    };
    return {
      h2: pick('main > h2', ['fontFamily', 'fontSize', 'lineHeight', 'marginTop', 'textTransform']),
      button: pick('main > button', ['backgroundColor', 'paddingTop', 'borderRadius', 'fontWeight', 'minHeight', 'cursor']),
    };
  });
  expect(outside).toEqual({
    h2: { fontFamily: '"Times New Roman", serif', fontSize: '40px', lineHeight: '120px', marginTop: '33.2px', textTransform: 'uppercase' },
    button: { backgroundColor: 'rgb(255, 105, 180)', paddingTop: '2px', borderRadius: '0px', fontWeight: '400', minHeight: '0px', cursor: 'default' },
  });
});

test('without webhook-base the widget explains its configuration instead of showing the form', async () => {
  const fixture = await suite.open(suite.server.page('/no-webhook-base.html', partnerPage({ attributes: { 'public-key': 'pk_test_123' } })));
  const alert = widget(fixture.page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.configMissingWebhookBase);
  expect(await widget(fixture.page).getByRole('textbox').count()).toBe(0);
  expect(await heading(fixture.page, copy.formHeading).count()).toBe(0);
  expect(await dataStep(fixture.page), 'no flow, so no step').toBeNull();
  expect(fixture.pageErrors).toEqual([]);
});

/** Runs before the deferred widget script: the window's own property names without the widget. */
const RECORD_WINDOW_NAMES = '<script src="/assets/record-window-names.js"></script>';

test('webhook-base removed or spoilt mid-flow: the configuration message, no data-step; the same one given back comes back to the agent', async () => {
  const webhookBase = suite.host().webhookBase;
  const fixture = await suite.open(
    suite.server.page('/webhook-base-removed.html', partnerPage({ attributes: widgetAttributes(webhookBase), before: RECORD_WINDOW_NAMES })),
    { clock: true },
  );
  const { page } = fixture;
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');

  const configMessage = widget(page).getByRole('alert');
  await widget(page).evaluate((host) => host.removeAttribute('webhook-base'));
  await configMessage.waitFor();
  expect(await configMessage.innerText()).toBe(copy.configMissingWebhookBase);
  expect(await dataStep(page)).toBeNull();
  expect(await heading(page, copy.loadingHeading).count()).toBe(0);

  // The tab kept the flow for this host (LIFECYCLE.md, "Reload and Back"): its wait goes on.
  await widget(page).evaluate((host, base) => host.setAttribute('webhook-base', base), webhookBase);
  await heading(page, copy.loadingHeading).waitFor();
  await poll(() => dataStep(page)).toBe('loading');

  await widget(page).evaluate((host) => host.setAttribute('webhook-base', 'hooks.example.com/no-scheme'));
  await configMessage.waitFor();
  expect(await dataStep(page)).toBeNull();
  const warnings = fixture.consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]'));
  expect(warnings).toEqual([expect.stringContaining('webhook-base "hooks.example.com/no-scheme"')]);

  // The page was told about every step the flows went through; the attribute is the state now.
  const steps = (await recordedEvents(page, 'step')).map((event) => event.detail?.['step']);
  expect(steps).toEqual(['form', 'loading', 'loading']);
  expect(fixture.pageErrors).toEqual([]);

  // The script-tag build, its later steps' chunk loaded and run, added nothing to window
  // but what the page's own recorders did (SECURITY.md, "The embedding page").
  const added = await page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => !window.__windowNames.includes(name)));
  expect(added.sort()).toEqual(['__cspViolations', '__events']);
});

test('an unknown business-type falls back to franchisor with exactly one warning', async () => {
  const attributes = { ...widgetAttributes(suite.host().webhookBase), 'business-type': 'master-franchise' };
  const fixture = await suite.open(suite.server.page('/bad-business-type.html', partnerPage({ attributes })));
  const { page } = fixture;
  await heading(page, copy.formHeading).waitFor();
  expect(await widget(page).getByRole('radio', { name: copy.franchisor }).isChecked()).toBe(true);
  await fillForm(page, VISITOR); // re-renders must not warn again
  const warnings = () => fixture.consoleWarnings.filter((text) => text.startsWith('[franchise-ai-demo]'));
  await poll(() => warnings().length).toBe(1);
  expect(warnings()[0]).toContain('business-type "master-franchise"');
  expect(fixture.pageErrors).toEqual([]);
});

test('removing business-type after franchisee resets the toggle to franchisor', async () => {
  const attributes = { ...widgetAttributes(suite.host().webhookBase), 'business-type': 'franchisee' };
  const { page } = await suite.open(suite.server.page('/business-type.html', partnerPage({ attributes })));
  await heading(page, copy.formHeading).waitFor();
  const franchisor = widget(page).getByRole('radio', { name: copy.franchisor });
  const franchisee = widget(page).getByRole('radio', { name: copy.franchisee });
  expect(await franchisee.isChecked()).toBe(true);
  expect(await textbox(page, copy.companyLabelFranchisee).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisee);

  await widget(page).evaluate((host) => host.removeAttribute('business-type'));
  await poll(() => franchisor.isChecked()).toBe(true);
  expect(await franchisee.isChecked()).toBe(false);
  expect(await textbox(page, copy.companyLabelFranchisor).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisor);

  await widget(page).evaluate((host) => host.setAttribute('business-type', 'franchisee'));
  await poll(() => franchisee.isChecked()).toBe(true);
});

test('a bare voice-avoid-eval attribute is accepted without a warning or an error', async () => {
  const attributes = { ...widgetAttributes(suite.host().webhookBase), 'voice-avoid-eval': true as const };
  const fixture = await suite.open(suite.server.page('/avoid-eval.html', partnerPage({ attributes })));
  await heading(fixture.page, copy.formHeading).waitFor();
  expect(await widget(fixture.page).getAttribute('voice-avoid-eval')).toBe('');
  await fillForm(fixture.page, VISITOR);
  expect(await button(fixture.page, copy.submit).isEnabled()).toBe(true);
  expect(fixture.consoleWarnings).toEqual([]);
  expect(fixture.consoleErrors).toEqual([]);
  expect(fixture.pageErrors).toEqual([]);
});
