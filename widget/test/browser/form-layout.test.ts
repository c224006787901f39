import { expect, test } from 'vitest';
import { heading, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { useSuite } from '../support/suite.ts';

// The form lays out by the element's own width (a container query), not the viewport's: every page
// here is 1280 px wide, and only the element's width changes (the page's own CSS sizing it, as a
// partner's column or a full-bleed section would). No field is wider than it needs, however wide the element.
const suite = useSuite();

test.each([
  ['a 400 px wide element: one column', 'width: 400px', { elementWidth: 400, columns: 1 }],
  // The default box (--fad-max-width 960px) in a 1280 px page.
  ['a wide element: two columns', 'width: 100%', { columns: 2 }],
  [
    'an element as wide as the page, its box too: two columns, the email field at most 560 px',
    'width: 1280px; --fad-max-width: 1280px',
    { elementWidth: 1280, columns: 2 },
  ],
])('%s', async (_label, css, expected) => {
  const { page } = await suite.page({ before: `<style>franchise-ai-demo { ${css} }</style>` });
  await heading(page, copy.formHeading).waitFor();
  const layout = await widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const fields = [...root.querySelectorAll('form .field')].map((field) => field.getBoundingClientRect());
    return {
      elementWidth: Math.round(host.getBoundingClientRect().width),
      // Distinct left edges of the form's fields: one per column.
      columns: new Set(fields.map((box) => Math.round(box.left))).size,
      emailWidth: Math.round(root.getElementById('fad-email')!.getBoundingClientRect().width),
    };
  });
  expect(layout).toMatchObject(expected);
  expect(layout.emailWidth).toBeLessThanOrEqual(560);
});
