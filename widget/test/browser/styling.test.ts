import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { heading, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { useSuite } from '../support/suite.ts';

// What a page may change about the widget's look, as widget/README.md documents it: the --fad-*
// custom properties and the ::part()s. (prefers-reduced-motion: loading.test.ts and each step's file.)
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
  const [plain, styled] = await Promise.all([suite.page(), suite.page({ before: THEME })]);
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
