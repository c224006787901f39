import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { movingParts } from '../support/motion.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// What a page may change about the widget's look, as widget/README.md documents it (the --fad-*
// custom properties and the ::part()s), and prefers-reduced-motion.
const suite = useSuite();

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

test('--fad-* custom properties and ::part() rules on the page restyle the widget, even next to hostile page CSS', async () => {
  const attributes = widgetAttributes(suite.host().webhookBase);
  const plain = await suite.open(suite.server.page('/unthemed.html', partnerPage({ attributes })));
  const styled = await suite.open(suite.server.page('/themed.html', partnerPage({ attributes, before: THEME })));
  await heading(plain.page, copy.formHeading).waitFor();
  await heading(styled.page, copy.formHeading).waitFor();

  expect(await themed(plain.page)).toEqual({
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

test('prefers-reduced-motion: reduce stops the loading spinner and the progress bar fill', async () => {
  const { page } = await suite.open(suite.server.page('/motion.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), {
    clock: true,
  });
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  await heading(page, copy.loadingHeading).waitFor();

  expect(await movingParts(page)).toEqual(expect.arrayContaining(['div.progress-bar: animation fill', 'span.stage-mark: animation spin']));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await movingParts(page)).toEqual([]);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await movingParts(page)).not.toEqual([]);
});
