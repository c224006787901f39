import { expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '@franchise-ai/shared/constants';
import { fetchLeads, type Lead } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import {
  button,
  consentBox,
  dataStep,
  fillForm,
  type FormInput,
  heading,
  PHONE,
  phoneDialog,
  reachCongratulations,
  VISITOR,
  widget,
} from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { CONGRATULATIONS_AT_MS } from '../../src/figures.ts';
import { recordedEvents } from '../support/events.ts';
import { clickInOneTask, postsTo } from '../support/steps.ts';
import { useSuite } from '../support/suite.ts';

// Three click()s in one task (before the view re-renders) send one request, for each webhook
// action: the form and the phone call on one visitor's walk, the browser call on another.
const suite = useSuite();

/** The host is shared by this file's tests: each test's visitor has its own e-mail. */
const visitorFor = (name: string): FormInput => ({ ...VISITOR, email: `${name}@acme.com` });
const leadsOf = async (visitor: FormInput, endpoint: Lead['endpoint']) =>
  (await fetchLeads(suite.host())).filter((lead) => lead.email === visitor.email && lead.endpoint === endpoint);

test(`${copy.submit}, then the dialog's Schedule Call, each clicked three times in one task: one demo_form post, one call`, async () => {
  const { page } = await suite.page({ clock: true });
  const visitor = visitorFor('triple-submit-phone');
  const formPosts = postsTo(page, 'demo_form');
  const callPosts = postsTo(page, 'trigger_ai_demo_call');
  await fillForm(page, visitor);
  await clickInOneTask(page, copy.submit);
  await poll(() => dataStep(page)).toBe('loading');
  await poll(async () => (await leadsOf(visitor, 'demo_form')).length).toBe(1);
  expect(formPosts).toHaveLength(1);
  expect(await recordedEvents(page, 'submit')).toHaveLength(1);

  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  await button(page, copy.scheduleCall).click();
  await phoneDialog(page).getByRole('textbox', { name: copy.phoneLabel }).fill(PHONE.typed);
  await consentBox(page).check();
  // The dialog's own Schedule Call (the last button with that text).
  await clickInOneTask(page, copy.scheduleCall);
  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(async () => (await recordedEvents(page, 'call-requested')).length).toBe(1);
  await poll(async () => (await leadsOf(visitor, 'trigger_ai_demo_call')).length).toBe(1);
  expect([callPosts.length, formPosts.length]).toEqual([1, 1]);
});

test('Start Browser Test clicked three times in one task asks for the assistant once; the form and the assistant are each their own request, with its own key', async () => {
  const { page } = await suite.page({ clock: true });
  const visitor = visitorFor('triple-browser');
  const formPosts = postsTo(page, 'demo_form');
  const assistantPosts = postsTo(page, 'website_demo_call');
  await reachCongratulations(page, visitor);
  await clickInOneTask(page, copy.browserButton);
  await poll(() => dataStep(page)).toBe('browser-call');
  await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantReady);
  await poll(async () => (await leadsOf(visitor, 'website_demo_call')).length).toBe(1);
  expect([formPosts.length, assistantPosts.length]).toEqual([1, 1]);
  expect(formPosts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(assistantPosts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(assistantPosts[0]!.key).not.toBe(formPosts[0]!.key);
});
