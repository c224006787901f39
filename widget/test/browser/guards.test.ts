import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
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
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// Issue 8, item 12: three click()s in one task (before the view re-renders) send one request, for
// each webhook action: the form and the phone call on one visitor's walk, the browser call on another.
const suite = useSuite();

/** Clicks the widget's button with this exact text `times` times in one task, as a script (or a bouncy mouse) could. */
const clickInOneTask = (page: Page, name: string, times = 3) =>
  widget(page).evaluate(
    (host, [text, count]) => {
      const target = [...host.shadowRoot!.querySelectorAll('button')].filter((node) => node.textContent === text).at(-1)!;
      for (let index = 0; index < count; index++) target.click();
    },
    [name, times] as const,
  );

/** The page's POSTs to one webhook. */
function postsTo(page: Page, endpoint: Lead['endpoint']): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/${endpoint}`)) posts.push(request.url());
  });
  return posts;
}

/** The host is shared by this file's tests: each test's visitor has its own e-mail. */
const visitorFor = (name: string): FormInput => ({ ...VISITOR, email: `${name}@acme.com` });
const leadsOf = async (visitor: FormInput, endpoint: Lead['endpoint']) =>
  (await fetchLeads(suite.host())).filter((lead) => lead.email === visitor.email && lead.endpoint === endpoint);

const open = (name: string) =>
  suite.open(suite.server.page(`/guards-${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), { clock: true });

test("Submit, then the dialog's Schedule Call, each clicked three times in one task: one demo_form post, one call", async () => {
  const { page } = await open('submit-phone');
  const visitor = visitorFor('triple-submit-phone');
  const formPosts = postsTo(page, 'demo_form');
  const callPosts = postsTo(page, 'trigger_ai_demo_call');
  await fillForm(page, visitor);
  await clickInOneTask(page, copy.submit);

  await poll(() => dataStep(page)).toBe('loading');
  await poll(async () => (await leadsOf(visitor, 'demo_form')).length).toBe(1);
  expect(formPosts).toHaveLength(1);
  expect(await recordedEvents(page, 'submit')).toHaveLength(1);

  // The same visitor goes on to congratulations and the phone dialog.
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, copy.readyHeading).waitFor();
  await button(page, copy.scheduleCall).click();
  await phoneDialog(page).getByRole('textbox', { name: copy.phoneLabel }).fill(PHONE.typed);
  await consentBox(page).check();
  // The dialog's own Schedule Call (the last button with that text), three times.
  await clickInOneTask(page, copy.scheduleCall);

  await heading(page, copy.callScheduledHeading).waitFor();
  await poll(async () => (await recordedEvents(page, 'call-requested')).length).toBe(1);
  await poll(async () => (await leadsOf(visitor, 'trigger_ai_demo_call')).length).toBe(1);
  expect(callPosts).toHaveLength(1);
  expect(formPosts).toHaveLength(1);
});

test('Start Browser Test clicked three times in one task asks for the assistant once', async () => {
  const { page } = await open('browser');
  const visitor = visitorFor('triple-browser');
  const posts = postsTo(page, 'website_demo_call');
  await reachCongratulations(page, visitor);
  await clickInOneTask(page, copy.browserButton);

  await poll(() => dataStep(page)).toBe('browser-call');
  await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantReady);
  await poll(async () => (await leadsOf(visitor, 'website_demo_call')).length).toBe(1);
  expect(posts).toHaveLength(1);
});
