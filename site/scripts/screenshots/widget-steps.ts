// The widget's steps on /demo, reached the way a visitor reaches them (the same locators as the
// widget's browser tests), with Playwright's clock skipping the loading schedule. The live call
// itself is not shot: starting it needs the real voice provider on the internet.
import type { Page } from 'playwright-core';
import { button, dataStep, fillForm, heading, widget, VISITOR } from '@franchise-ai/test-support/widget-flow';
import { CONGRATULATIONS_AT_MS, copy, LOADING_STAGES } from '@franchise-ai/test-support/widget-texts';
import type { Camera, Width } from './camera.ts';

const DEMO = '/demo';

/** Fails, naming the step, unless the widget reaches it within the page's timeout. */
async function reach(page: Page, step: string, width: Width, get: () => Promise<unknown>): Promise<void> {
  try {
    await get();
  } catch (error) {
    throw new Error(`could not reach the widget's "${step}" at ${width.name} px (data-step ${await dataStep(page).catch(() => '?')}): ${(error as Error).message}`);
  }
}

const stepIs = (page: Page, step: string) => page.locator(`franchise-ai-demo[data-step="${step}"]`).waitFor();

async function toCongratulations(page: Page, width: Width, camera?: Camera): Promise<void> {
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await reach(page, 'loading', width, () => stepIs(page, 'loading'));
  // Shot at its first stage, when the visitor sees progress and a finished item, not an empty bar.
  const firstStage = LOADING_STAGES[0].atMs;
  await page.clock.fastForward(firstStage);
  if (camera) await camera.shoot(page, 'demo-loading', width);
  await page.clock.fastForward(CONGRATULATIONS_AT_MS - firstStage);
  await reach(page, 'congratulations', width, () => heading(page, copy.readyHeading).waitFor());
}

export async function shootWidgetSteps(camera: Camera, width: Width): Promise<void> {
  // Form, then the form with our own reasons beside the fields (nothing is sent).
  const form = await camera.open(DEMO, width);
  await reach(form, 'form', width, () => stepIs(form, 'form'));
  await camera.shoot(form, 'demo-form', width);
  await fillForm(form, { ...VISITOR, email: 'jane@example', website: 'acme burgers.com' });
  await button(form, copy.submit).click();
  await reach(form, 'form with field errors', width, () => widget(form).getByRole('alert').waitFor());
  await camera.shoot(form, 'demo-form-errors', width);
  await form.context().close();

  // Loading, congratulations, the phone dialog, call scheduled.
  const phone = await camera.open(DEMO, width, { clock: true });
  await toCongratulations(phone, width, camera);
  await camera.shoot(phone, 'demo-congratulations', width);
  await widget(phone).getByRole('article', { name: copy.callMeTitle }).getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  const dialog = widget(phone).getByRole('dialog', { name: copy.phoneDialogTitle });
  await reach(phone, 'phone dialog', width, () => dialog.waitFor());
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('+1 555 123 4567');
  await camera.shoot(phone, 'demo-phone-dialog', width);
  await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  await reach(phone, 'call scheduled', width, () => heading(phone, copy.callScheduledHeading).waitFor());
  await camera.shoot(phone, 'demo-call-scheduled', width);
  await phone.context().close();

  // The browser-call step, up to "Assistant ready" (the host answers with a placeholder assistant).
  const browserCall = await camera.open(DEMO, width, { clock: true });
  await toCongratulations(browserCall, width);
  await button(browserCall, copy.browserButton).click();
  await reach(browserCall, 'browser call (assistant ready)', width, () =>
    widget(browserCall).getByRole('status').getByText(copy.statusAssistantReady, { exact: true }).waitFor(),
  );
  await camera.shoot(browserCall, 'demo-browser-call', width);
  await browserCall.context().close();
}
