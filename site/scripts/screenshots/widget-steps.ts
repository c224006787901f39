// The widget's steps on /demo, reached the way a visitor reaches them (the same locators as the
// widget's browser tests), with Playwright's clock skipping the loading schedule. Failures the
// visitor can meet (a webhook that does not answer, the later steps' chunk that does not arrive)
// are made with Playwright's routes. The live call is in widget-call-states.ts.
import type { Page } from 'playwright-core';
import { button, dataStep, fillForm, heading, PHONE, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { CONGRATULATIONS_AT_MS, copy, LOADING_STAGES } from '@franchise-ai/test-support/widget-texts';
import type { Camera, Width } from './camera.ts';

export const DEMO = '/demo';

/** Fails, naming the step, unless the widget reaches it within the page's timeout. */
export async function reach(page: Page, step: string, width: Width, get: () => Promise<unknown>): Promise<void> {
  try {
    await get();
  } catch (error) {
    throw new Error(
      `could not reach the widget's "${step}" at ${width.name} px (data-step ${await dataStep(page).catch(() => '?')}): ${(error as Error).message}`,
    );
  }
}

const stepIs = (page: Page, step: string) => page.locator(`franchise-ai-demo[data-step="${step}"]`).waitFor();
export const callStatus = (page: Page, text: string) => widget(page).getByRole('status').getByText(text, { exact: true }).waitFor();

/** Form → loading → congratulations; with a camera, each loading stage is shot on the way. */
export async function toCongratulations(page: Page, width: Width, camera?: Camera): Promise<void> {
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await reach(page, 'loading', width, () => stepIs(page, 'loading'));
  let now = 0;
  if (camera) await camera.shoot(page, 'demo-loading-0', width);
  for (const [index, stage] of LOADING_STAGES.entries()) {
    await page.clock.fastForward(stage.atMs - now);
    now = stage.atMs;
    if (camera) await camera.shoot(page, `demo-loading-${index + 1}`, width);
  }
  await page.clock.fastForward(CONGRATULATIONS_AT_MS - now);
  await reach(page, 'congratulations', width, () => heading(page, copy.readyHeading).waitFor());
}

/** The webhook call of `endpoint` (demo_form, website_demo_call, …) never answers, or fails as a network error. */
const webhook = (endpoint: string, how: 'hold' | 'fail') => async (page: Page) =>
  page.route(
    (url) => url.pathname.endsWith(`/${endpoint}`),
    (route) => (how === 'fail' ? route.abort('failed') : new Promise<void>(() => undefined)),
  );

export async function shootWidgetSteps(camera: Camera, width: Width): Promise<void> {
  // Form, then the form with our own reasons beside the fields (nothing is sent).
  const form = await camera.open(DEMO, width);
  await reach(form, 'form', width, () => stepIs(form, 'form'));
  await camera.shoot(form, 'demo-form', width);
  await fillForm(form, { ...VISITOR, email: 'jane@example', website: 'acme burgers.com' });
  await button(form, copy.submit).click();
  await reach(form, 'form with field errors', width, () => widget(form).getByRole('alert').waitFor());
  await camera.shoot(form, 'demo-form-errors', width);
  // Without a webhook-base: the configuration message a mistaken embed shows.
  await widget(form).evaluate((element) => element.removeAttribute('webhook-base'));
  await reach(form, 'configuration message', width, () => widget(form).getByRole('alert').getByText(copy.configMissingWebhookBase).waitFor());
  await camera.shoot(form, 'demo-config-missing', width);
  await form.context().close();

  // Sending (the host holds its answer), then the spec's error when it fails.
  const sending = await camera.open(DEMO, width, { prepare: webhook('demo_form', 'hold') });
  await fillForm(sending, VISITOR);
  await button(sending, copy.submit).click();
  await reach(sending, 'form while sending', width, () => button(sending, copy.submitting).waitFor());
  await camera.shoot(sending, 'demo-form-sending', width);
  await sending.context().close();
  const failing = await camera.open(DEMO, width, { prepare: webhook('demo_form', 'fail') });
  await fillForm(failing, VISITOR);
  await button(failing, copy.submit).click();
  await reach(failing, 'form with the send error', width, () => widget(failing).getByRole('alert').getByText(copy.submitError).waitFor());
  await camera.shoot(failing, 'demo-form-send-error', width);
  await failing.context().close();

  // Loading at each stage, congratulations, the phone dialog, call scheduled.
  const phone = await camera.open(DEMO, width, { clock: true });
  await toCongratulations(phone, width, camera);
  await camera.shoot(phone, 'demo-congratulations', width);
  await widget(phone).getByRole('article', { name: copy.callMeTitle }).getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  const dialog = widget(phone).getByRole('dialog', { name: copy.phoneDialogTitle });
  await reach(phone, 'phone dialog', width, () => dialog.waitFor());
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('12');
  await reach(phone, 'phone dialog hint', width, () => dialog.getByText(copy.phoneHintIncomplete).waitFor());
  await camera.shoot(phone, 'demo-phone-dialog-hint', width);
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('06 12 34 56 78');
  await reach(phone, 'phone dialog: did you mean', width, () =>
    dialog.getByRole('button', { name: copy.phoneDidYouMean.replace('{number}', '+33 6 12 34 56 78') }).waitFor(),
  );
  await camera.shoot(phone, 'demo-phone-dialog-did-you-mean', width);
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill(PHONE.typed);
  await dialog.getByRole('checkbox', { name: copy.consentLabel }).check();
  await camera.shoot(phone, 'demo-phone-dialog', width);
  await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  await reach(phone, 'call scheduled', width, () => heading(phone, copy.callScheduledHeading).waitFor());
  await camera.shoot(phone, 'demo-call-scheduled', width);
  await phone.context().close();

  // The later steps' chunk failing to arrive: the form's own failure, with everything kept.
  const noChunk = await camera.open(DEMO, width, {
    clock: true,
    prepare: (page) =>
      page.route(
        (url) => /\/chunks\/later-steps-[^/]*\.js$/.test(url.pathname),
        (route) => route.abort('failed'),
      ),
  });
  await fillForm(noChunk, VISITOR);
  await button(noChunk, copy.submit).click();
  await reach(noChunk, 'later steps failed', width, () => widget(noChunk).getByRole('alert').getByText(copy.submitError).waitFor());
  await camera.shoot(noChunk, 'demo-later-steps-failed', width);
  await noChunk.context().close();

  // The browser-call step while the assistant is fetched, then 'Error getting assistant'.
  for (const [how, status, name] of [
    ['hold', copy.statusGettingAssistant, 'demo-browser-call-getting-assistant'],
    ['fail', copy.statusAssistantError, 'demo-browser-call-assistant-error'],
  ] as const) {
    const page = await camera.open(DEMO, width, { clock: true, prepare: webhook('website_demo_call', how) });
    await toCongratulations(page, width);
    await button(page, copy.browserButton).click();
    await reach(page, `browser call (${status})`, width, () => callStatus(page, status));
    await camera.shoot(page, name, width);
    await page.context().close();
  }
}
