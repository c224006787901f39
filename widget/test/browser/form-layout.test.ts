import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { heading, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// The form lays out by the element's own width (a container query), not the viewport's: all pages
// here are 1280 px wide, and only the element's width changes. And no field is wider than what it
// takes, however wide the element is.
const suite = useSuite();

/** The page's own CSS sizing the element, as a partner's column or a full-bleed section would. */
const sized = (css: string) => `<style>franchise-ai-demo { ${css} }</style>`;

async function formLayout(page: Page) {
  await heading(page, copy.formHeading).waitFor();
  return widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const fields = [...root.querySelectorAll('form .field')].map((field) => field.getBoundingClientRect());
    return {
      elementWidth: Math.round(host.getBoundingClientRect().width),
      // Distinct left edges of the form's fields: one per column.
      columns: new Set(fields.map((box) => Math.round(box.left))).size,
      emailWidth: Math.round(root.getElementById('fad-email')!.getBoundingClientRect().width),
    };
  });
}

const open = async (name: string, css: string) =>
  (await suite.open(suite.server.page(`/${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase), before: sized(css) })))).page;

test('a 1280 px viewport with a 400 px wide element: the form is one column', async () => {
  const layout = await formLayout(await open('layout-narrow', 'width: 400px'));
  expect(layout).toMatchObject({ elementWidth: 400, columns: 1 });
});

test('a wide element: the form is two columns, and the email field stays at most 560 px even in a 1280 px element', async () => {
  // The default box (--fad-max-width 960px) in a 1280 px page.
  expect(await formLayout(await open('layout-wide', 'width: 100%'))).toMatchObject({ columns: 2 });

  // The box as wide as the element, the element as wide as the page.
  const full = await formLayout(await open('layout-full', 'width: 1280px; --fad-max-width: 1280px'));
  expect(full).toMatchObject({ elementWidth: 1280, columns: 2 });
  expect(full.emailWidth).toBeLessThanOrEqual(560);
});
