import { expect, test } from 'vitest';
import { button, consentBox, copy, heading, horizontalOverflow, poll, reachCongratulations, useSuite, widget } from '../support/index.ts';
import type { Locator, Page } from 'playwright-core';

// Layout by the widget's own width (container queries) and the viewport's: the form in a 1280 px page, the later steps narrow and wide.
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
test.each([600, 650, 700, 400, 960])('the benefit cards in a %i px element: all three in one row or one a row, never two and one', async (width) => {
  const { page } = await suite.page({ before: `<style>franchise-ai-demo { width: ${width}px }</style>` });
  await heading(page, copy.formHeading).waitFor();
  const rows = await widget(page)
    .locator('.cards.three > .card')
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
  expect(rows).toHaveLength(3);
  const perRow = [...new Set(rows)].map((top) => rows.filter((each) => each === top).length);
  expect([[3], [1, 1, 1]], `${width} px: ${JSON.stringify(rows)}`).toContainEqual(perRow);
});
/** Each element's text and the number of lines it takes. */
const lineCounts = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return `${node.textContent}: ${new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size}`;
    }),
  );
const oneLineEach = async (elements: Locator) => (await elements.allTextContents()).map((text) => `${text}: 1`);
/** The boxes of the buttons, in the order given. */
const boxes = (buttons: Locator[]) => Promise.all(buttons.map(async (each) => (await each.boundingBox())!));
const dialog = (page: Page) => widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
const dialogButtons = (page: Page) => [
  dialog(page).getByRole('button', { name: copy.scheduleCall, exact: true }),
  dialog(page).getByRole('button', { name: copy.phoneCancel, exact: true }),
];
const optionButtons = (page: Page) => [button(page, copy.scheduleCall), button(page, copy.browserButton)];
/** Each of the agent's facts: its label beside its value, on one row, its value on one line. */
const factRows = (page: Page) =>
  widget(page)
    .locator('.agent-facts > div')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const [label, value] = [row.querySelector('dt')!, row.querySelector('dd')!].map((element) => element.getBoundingClientRect());
        // A text node's range has one box per line it takes.
        const range = document.createRange();
        range.selectNodeContents(row.querySelector('dd')!);
        const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
        const oneRow = label!.top < value!.bottom && value!.top < label!.bottom && lines === 1;
        return `${row.textContent}: ${oneRow ? 'one row' : `not one row (${lines} lines)`}`;
      }),
    );

/** Where the box and the buttons sit in the dialog, and its height: what would jump as the hints change. */
const dialogLayout = (page: Page) =>
  dialog(page).evaluate((element) => {
    const form = element.querySelector('form')!.getBoundingClientRect();
    const top = (selector: string) => Math.round(element.querySelector(selector)!.getBoundingClientRect().top - form.top);
    return { box: top('#fad-consent'), schedule: top('button[type="submit"]'), height: Math.round(element.getBoundingClientRect().height) };
  });

test.each([
  { width: 320, height: 740 },
  { width: 375, height: 667 },
])(
  'at $width x $height the phone dialog shows all of itself, Cancel and Schedule Call included, as it opens and with a number and its hint',
  async (viewport) => {
    const { page } = await suite.page({ viewport, clock: true });
    await reachCongratulations(page);
    await button(page, copy.scheduleCall).click();
    await dialog(page).waitFor();
    await poll(() => dialog(page).getByRole('combobox', { name: copy.phoneCountryLabel }).locator('option').count()).toBeGreaterThan(200);
    const within = async () => {
      const [schedule, cancel] = await boxes(dialogButtons(page));
      const frame = (await dialog(page).boundingBox())!;
      return [frame, schedule!, cancel!].map((box) => ({ top: Math.round(box.y) >= 0, bottom: Math.round(box.y + box.height) <= viewport.height }));
    };
    const all = [
      { top: true, bottom: true },
      { top: true, bottom: true },
      { top: true, bottom: true },
    ];
    expect(await within(), 'as it opens').toEqual(all);
    await dialog(page).getByRole('textbox', { name: copy.phoneLabel }).fill('+44 20 7946 0018');
    await poll(() => dialog(page).locator('#fad-phone-hint').innerText()).toContain('This demo calls numbers in');
    expect(await within(), 'with a number the host does not call').toEqual(all);
  },
);

test('at 320 and 375 px: agent facts as rows, option buttons alike, the dialog’s main action first; at 1280 px the dialog’s buttons on one row; at 320, 375 and 1280 px the phone dialog keeps its box and buttons in place as the hints change; the call’s figures on one line each at 320 and 375 px', async () => {
  const { page } = await suite.page({ viewport: { width: 320, height: 800 }, clock: true });
  await reachCongratulations(page);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await factRows(page), `at ${width} px`).toEqual(
      (await widget(page).locator('.agent-facts > div').allTextContents()).map((text) => `${text}: one row`),
    );
    // One under the other: every row starts at the same left edge.
    const lefts = await widget(page)
      .locator('.agent-facts > div')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().left)));
    expect(new Set(lefts).size, `the facts in one column at ${width} px`).toBe(1);
  }
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const [callMe, browser] = await boxes(optionButtons(page));
    expect(callMe!.width, `the two options’ buttons are as wide at ${width} px`).toBe(browser!.width);
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
  await button(page, copy.scheduleCall).click();
  await dialog(page).waitFor();
  const [wide, wideCancel] = await boxes(dialogButtons(page));
  expect(wide!.y, 'at 1280 px, on one row').toBe(wideCancel!.y);
  expect(wide!.x + wide!.width, 'at 1280 px, Schedule Call first').toBeLessThan(wideCancel!.x);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const [schedule, cancel] = await boxes(dialogButtons(page));
    expect(schedule!.y + schedule!.height, `Schedule Call above Cancel at ${width} px`).toBeLessThanOrEqual(cancel!.y);
    expect([schedule!.x, schedule!.width]).toEqual([cancel!.x, cancel!.width]);
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
  await poll(() => dialog(page).getByRole('combobox', { name: copy.phoneCountryLabel }).locator('option').count()).toBeGreaterThan(200);
  const number = dialog(page).getByRole('textbox', { name: copy.phoneLabel });
  const hint = dialog(page).locator('#fad-phone-hint');
  // Each width from the dialog as it opens: no number, the box unticked.
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await number.fill('');
    if (await consentBox(page).isChecked()) await consentBox(page).uncheck();
    const first = await dialogLayout(page);
    const seen: Array<[string, Awaited<ReturnType<typeof dialogLayout>>]> = [];
    for (const [typed, shown] of [
      ['12', copy.phoneHintIncomplete],
      ['06 12 34 56 78', 'Did you mean +33 6 12 34 56 78?'],
      ['(201) 555-0123', 'We will call +1 201 555 0123.'],
      // The host (the stand-in) calls the United States and France only: its words, before sending.
      ['+44 20 7946 0018', 'This demo calls numbers in United States (+1), France (+33) only.'],
      ['(201) 555-0123', 'We will call +1 201 555 0123.'],
    ] as const) {
      await number.fill(typed);
      await poll(() => hint.innerText()).toBe(shown);
      seen.push([typed, await dialogLayout(page)]);
    }
    await consentBox(page).check();
    await poll(() => dialog(page).locator('#fad-schedule-hint').innerText()).toBe('');
    seen.push(['ticked', await dialogLayout(page)]);
    expect(seen, `at ${width} px`).toEqual(seen.map(([label]) => [label, first]));
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
  // The number typed last and the box ticked: schedule, and read 'Call Scheduled!'s figures.
  await poll(() => dialogButtons(page)[0]!.isEnabled()).toBe(true);
  await dialogButtons(page)[0]!.click();
  await heading(page, copy.callScheduledHeading).waitFor();
  const figures = widget(page).locator('.facts dt, .facts dd');
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await lineCounts(figures), `at ${width} px`).toEqual(await oneLineEach(figures));
    expect(await horizontalOverflow(page), `at ${width} px`).toEqual([]);
  }
});
