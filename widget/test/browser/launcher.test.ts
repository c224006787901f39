import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  CONGRATULATIONS_AT_MS,
  copy,
  dataStep,
  expectAccessibleAtWidths,
  heading,
  LOADING_STAGES,
  poll,
  submitForm,
  textbox,
  useSuite,
  widget,
} from '../support/index.ts';

// variant="launcher": the button opens the flow in a modal panel (a full-screen sheet on phones), focus
// goes in, stays in and comes back; Escape closes; closing only hides, so the flow goes on underneath.
const suite = useSuite();
const launcherPage = (options: Parameters<typeof suite.page>[0] = {}) => suite.page({ ...options, attributes: { variant: 'launcher', ...options.attributes } });
const launcher = (page: Page) => widget(page).getByRole('button', { name: copy.launcherOpen });
const panel = (page: Page) => widget(page).getByRole('dialog', { name: copy.launcherOpen });
/** Where the keyboard is: `launcher`, `panel` (inside it), or whatever else has it. */
const keyboardAt = (page: Page) =>
  widget(page).evaluate((host) => {
    const active = host.shadowRoot!.activeElement;
    if (document.activeElement !== host || !active) return `outside: ${document.activeElement?.tagName}`;
    if (active.classList.contains('launcher')) return 'launcher';
    return active.closest('#fad-panel') ? 'panel' : `elsewhere: ${active.tagName}`;
  });
const progress = (page: Page) => widget(page).getByRole('progressbar').getAttribute('aria-valuenow');
/** Open, once its opening animation has run (axe and boxes read the end state). */
async function open(page: Page): Promise<void> {
  await launcher(page).click();
  await textbox(page, copy.nameLabel).waitFor();
  await widget(page).evaluate((host) =>
    Promise.all(
      host
        .shadowRoot!.querySelector('#fad-panel')!
        .getAnimations()
        .map((animation) => animation.finished),
    ),
  );
}
const panelOpen = (page: Page) => widget(page).evaluate((host) => host.shadowRoot!.querySelector<HTMLDialogElement>('#fad-panel')!.matches(':modal'));

test('closed, only the button shows; it opens the panel with the keyboard in it, Tab cycles inside both ways, Escape and Close shut it and the keyboard is back on the button', async () => {
  const { page, consoleErrors, pageErrors } = await launcherPage();
  const button = launcher(page);
  await button.waitFor();
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  expect(await button.getAttribute('aria-controls')).toBe('fad-panel');
  expect(await textbox(page, copy.nameLabel).isVisible()).toBe(false);
  // The element takes no room in the page; the button sits in the bottom-right corner.
  expect((await widget(page).boundingBox())?.height).toBe(0);
  const box = (await button.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(viewport.width - (box.x + box.width)).toBe(24);
  expect(viewport.height - (box.y + box.height)).toBe(24);

  await button.click();
  await panel(page).waitFor();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  expect(await panelOpen(page)).toBe(true);
  expect(await keyboardAt(page)).toBe('panel');
  await textbox(page, copy.nameLabel).waitFor();
  for (let press = 0; press < 25; press++) {
    await page.keyboard.press('Tab');
    expect(await keyboardAt(page), `after ${press + 1} Tab`).toBe('panel');
  }
  for (let press = 0; press < 25; press++) {
    await page.keyboard.press('Shift+Tab');
    expect(await keyboardAt(page), `after ${press + 1} Shift+Tab`).toBe('panel');
  }
  await page.keyboard.press('Escape');
  await poll(() => panelOpen(page)).toBe(false);
  expect(await panel(page).isVisible()).toBe(false);
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await poll(() => keyboardAt(page)).toBe('launcher');

  await page.keyboard.press('Enter');
  await poll(() => panelOpen(page)).toBe(true);
  await widget(page).getByRole('button', { name: copy.launcherClose }).click();
  await poll(() => keyboardAt(page)).toBe('launcher');
  expect(await panelOpen(page)).toBe(false);
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});

test('the flow is kept while closed: closed mid-loading and reopened, the same step goes on; the step change while closed takes no focus; the phone dialog takes Escape first', async () => {
  const { page, consoleErrors, pageErrors } = await launcherPage({ clock: true });
  await launcher(page).click();
  await submitForm(page);
  await page.clock.fastForward(LOADING_STAGES[0].atMs);
  await poll(() => progress(page)).toBe(String(LOADING_STAGES[0].progress));
  await page.keyboard.press('Escape');
  await poll(() => panelOpen(page)).toBe(false);
  await page.clock.fastForward(LOADING_STAGES[1].atMs - LOADING_STAGES[0].atMs);
  expect(await dataStep(page)).toBe('loading');
  await launcher(page).click();
  await heading(page, copy.loadingHeading).waitFor();
  expect(await progress(page)).toBe(String(LOADING_STAGES[1].progress));
  await page.keyboard.press('Escape');
  await poll(() => keyboardAt(page)).toBe('launcher');

  // Congratulations arrives while closed: its heading would take focus, but the panel is hidden.
  await page.clock.fastForward(CONGRATULATIONS_AT_MS - LOADING_STAGES[1].atMs);
  await poll(() => dataStep(page)).toBe('congratulations');
  expect(await keyboardAt(page)).toBe('launcher');
  await launcher(page).click();
  await heading(page, copy.readyHeading).waitFor();

  await widget(page).getByRole('article', { name: copy.callMeTitle }).getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  const phoneDialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
  await phoneDialog.waitFor();
  await page.keyboard.press('Escape');
  await phoneDialog.waitFor({ state: 'hidden' });
  expect(await panelOpen(page)).toBe(true);
  await page.keyboard.press('Escape');
  await poll(() => panelOpen(page)).toBe(false);
  expect(await dataStep(page)).toBe('congratulations');
  expect([consoleErrors, pageErrors]).toEqual([[], []]);
});

test('axe clean and no sideways overflow at 320 and 1280 px, closed and open', async () => {
  const { page } = await launcherPage();
  await launcher(page).waitFor();
  await expectAccessibleAtWidths(page, 'the launcher closed', [320, 1280]);
  await open(page);
  await expectAccessibleAtWidths(page, 'the launcher open', [320, 1280]);
});

test('on a phone (375 px) the panel is a sheet that fills the screen', async () => {
  const { page } = await launcherPage({ viewport: { width: 375, height: 667 } });
  await open(page);
  expect(await panel(page).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 667 });
});

test('position="top-left" puts the button and its panel in the top-left corner', async () => {
  const { page } = await launcherPage({ attributes: { position: 'top-left' } });
  const button = (await launcher(page).boundingBox())!;
  expect([button.x, button.y]).toEqual([24, 24]);
  await open(page);
  const opened = (await panel(page).boundingBox())!;
  expect(opened.x).toBe(24);
  expect(opened.y).toBeGreaterThan(button.y + button.height);
});
