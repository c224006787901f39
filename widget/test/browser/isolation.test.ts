import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { copy, dataStep, expectAccessibleAtWidths, heading, poll, recordedEvents, submitForm, useSuite, widget } from '../support/index.ts';

// Shadow DOM isolation both ways; what a page may restyle (--fad-* and ::part(), widget/README.md); how the element reads its attributes.
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
const THEME = `<style>
  franchise-ai-demo {
    --fad-color-primary: rgb(124, 45, 18);
    --fad-color-surface: rgb(254, 243, 199);
    --fad-font-family: Georgia, serif;
    --fad-radius: 4px;
  }
  franchise-ai-demo::part(submit-button) { border-radius: 999px; }
  franchise-ai-demo::part(card) { outline: 2px solid rgb(0, 128, 0); }
  franchise-ai-demo::part(root) { box-shadow: rgb(0, 0, 255) 0px 0px 0px 3px; }
</style>`;
/** The computed styles the theme above changes, on the form step. */
const themed = (page: Page) =>
  widget(page).evaluate((host) => {
    const style = (selector: string) => getComputedStyle(host.shadowRoot!.querySelector(selector)!);
    const submit = style('button[type="submit"]');
    const card = style('.card');
    const root = style('.root');
    return {
      submitBackground: submit.backgroundColor,
      submitRadius: submit.borderRadius,
      cardBackground: card.backgroundColor,
      cardRadius: card.borderRadius,
      cardOutline: card.outlineStyle === 'none' ? 'none' : `${card.outlineWidth} ${card.outlineStyle} ${card.outlineColor}`,
      rootFont: root.fontFamily,
      rootShadow: root.boxShadow,
    };
  });

test("the page's hostile CSS does not restyle the widget, and the widget's CSS does not reach the page's own buttons and headings; --fad-* custom properties and ::part() rules on the page do restyle it, even next to hostile page CSS", async () => {
  const after = '<h2>Our franchise network</h2><button type="button">Find a location</button>';
  const [hostile, clean, styled] = await Promise.all([suite.page({ after }), suite.page({ hostileCss: false }), suite.page({ before: THEME })]);
  for (const { page } of [hostile, clean, styled]) await heading(page, copy.formHeading).waitFor();
  const styles = await widgetStyles(hostile.page);
  expect(styles).toEqual(await widgetStyles(clean.page));
  expect(styles['.root']).toMatchObject({ fontSize: '16px', lineHeight: '24px', color: 'rgb(15, 23, 42)' });
  expect(styles['h2']!['fontFamily']).toMatch(/^system-ui/);
  const outside = await hostile.page.evaluate(() => {
    const pick = (selector: string, properties: Array<keyof CSSStyleDeclaration>) => {
      const style = getComputedStyle(document.querySelector(selector)!);
      return Object.fromEntries(properties.map((property) => [property, style[property]]));
    };
    return {
      h1: pick('h1', ['fontFamily']),
      h2: pick('main > h2', ['fontFamily', 'fontSize', 'lineHeight', 'marginTop', 'textTransform']),
      button: pick('main > button', ['backgroundColor', 'paddingTop', 'borderRadius', 'fontWeight', 'minHeight', 'cursor']),
    };
  });
  expect(outside).toEqual({
    h1: { fontFamily: '"Times New Roman", serif' },
    h2: { fontFamily: '"Times New Roman", serif', fontSize: '40px', lineHeight: '120px', marginTop: '33.2px', textTransform: 'uppercase' },
    button: { backgroundColor: 'rgb(255, 105, 180)', paddingTop: '2px', borderRadius: '0px', fontWeight: '400', minHeight: '0px', cursor: 'default' },
  });
  expect(await themed(hostile.page)).toEqual({
    submitBackground: 'rgb(29, 78, 216)', // the documented defaults
    submitRadius: '8px', // --fad-radius (12px) / 1.5
    cardBackground: 'rgb(241, 245, 249)',
    cardRadius: '12px',
    cardOutline: 'none',
    rootFont: expect.stringMatching(/^system-ui/),
    rootShadow: 'none',
  });
  expect(await themed(styled.page)).toEqual({
    submitBackground: 'rgb(124, 45, 18)',
    submitRadius: '999px', // ::part(submit-button) beats the widget's own radius
    cardBackground: 'rgb(254, 243, 199)',
    cardRadius: '4px',
    cardOutline: '2px solid rgb(0, 128, 0)',
    rootFont: 'Georgia, serif',
    rootShadow: 'rgb(0, 0, 255) 0px 0px 0px 3px',
  });
});
/** Runs before the deferred widget script: the window's own property names without the widget. */
const RECORD_WINDOW_NAMES = '<script src="/assets/record-window-names.js"></script>';

test('webhook-base removed or spoilt mid-flow: the configuration message, no data-step; the same one given back comes back to the agent', async () => {
  const webhookBase = suite.host().webhookBase;
  const fixture = await suite.page({ before: RECORD_WINDOW_NAMES, clock: true });
  const { page } = fixture;
  await submitForm(page);
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
  // The script-tag build and its later steps added nothing to window but the page's own recorders (SECURITY.md, "The embedding page").
  const added = await page.evaluate(() => Object.getOwnPropertyNames(window).filter((name) => !window.__windowNames.includes(name)));
  expect(added.sort()).toEqual(['__cspViolations', '__events']);
});

// webhook-base is parsed once; a value that cannot work shows the configuration message (the console says why) instead of a failing form.
test('without webhook-base: the configuration message instead of the form, no data-step; axe at 320, 375 and 1280 px', async () => {
  const { page, pageErrors } = await suite.page({ attributes: { 'webhook-base': undefined }, viewport: { width: 320, height: 800 } });
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.configMissingWebhookBase);
  expect(await widget(page).getByRole('textbox').count()).toBe(0);
  expect(await heading(page, copy.formHeading).count()).toBe(0);
  expect(await dataStep(page), 'no flow, so no step').toBeNull();
  await expectAccessibleAtWidths(page, 'the configuration message', [320, 375, 1280]);
  expect(pageErrors).toEqual([]);
});

// Each spoilt value and its warning are attribute-rules.test.ts's (webhookBaseProblem); here one, as the page gets it.
test('a user and password in webhook-base: the configuration message, a warning that says why, and no request leaves', async () => {
  const base = suite.host().webhookBase.replace('http://', 'http://user:pw@');
  const { page, requests, consoleWarnings } = await suite.page({ webhookBase: base });
  await widget(page).getByRole('alert').filter({ hasText: copy.configMissingWebhookBase }).waitFor();
  expect(await dataStep(page)).toBeNull();
  expect(await widget(page).getByRole('button').count()).toBe(0);
  // Just the message: no room held for steps that cannot come (the flow's steps keep 560 px).
  expect(await widget(page).evaluate((host) => host.getBoundingClientRect().height)).toBeLessThan(200);
  expect(consoleWarnings).toHaveLength(1);
  expect(consoleWarnings[0]).toContain(`[franchise-ai-demo] webhook-base "${base}" must not contain a user name or password`);
  expect(consoleWarnings[0]).toContain('the demo cannot be used until it is fixed');
  expect(requests.filter((url) => url.startsWith(suite.host().url))).toEqual([]);
});
