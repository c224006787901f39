import { expect, test } from 'vitest';
import { button, clickInOneTask, CONGRATULATIONS_AT_MS, consentBox, copy, dataStep, expectAccessibleAtWidths, fetchLeads, fillForm } from '../support/index.ts';
import { type FormInput, heading, IDEMPOTENCY_KEY_PATTERN, type Lead, PHONE, phoneDialog, poll, postsTo } from '../support/index.ts';
import { recordedEvents, submitForm, textbox, useSuite, VISITOR, WEBHOOK_NETWORK_TRIES, WEBHOOK_PATHS, widget } from '../support/index.ts';

// One request per action, named by its Idempotency-Key: the same key when sent again, a new one when changed, so a host stores each lead once.
const suite = useSuite({ hosts: { main: {}, demoFormFails: { FAIL: 'demo_form:500' } } });
test('a failed demo_form shows the error, keeps every typed value and stays on the form (axe on it at 320, 375 and 1280 px); sent again it carries the same key, a changed form a new one', async () => {
  const { page } = await suite.page({ webhookBase: suite.host('demoFormFails').webhookBase });
  const posts = postsTo(page, 'demo_form');
  const visitor = { ...VISITOR, businessType: 'franchisee' as const };
  await fillForm(page, visitor);
  const alert = widget(page).getByRole('alert');
  const sendAndFail = async (count: number) => {
    await button(page, copy.submit).click();
    await poll(() => posts.length).toBe(count);
    await alert.waitFor();
    await poll(() => button(page, copy.submit).isEnabled()).toBe(true); // the visitor can try again
  };
  await sendAndFail(1);
  // The error catalogue (spec section 8): the spec's message, the form as it was.
  expect(await alert.innerText()).toBe(copy.submitError);
  expect(await dataStep(page)).toBe('form');
  expect(await heading(page, copy.formHeading).isVisible()).toBe(true);
  expect(await widget(page).getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
  const labels = [copy.nameLabel, copy.companyLabelFranchisee, copy.emailLabel, copy.websiteLabel];
  expect(await Promise.all(labels.map((label) => textbox(page, label).inputValue()))).toEqual([visitor.name, visitor.company, visitor.email, visitor.website]);
  expect((await recordedEvents(page, 'error')).map((event) => event.detail)).toEqual([{ stage: 'submit', message: copy.submitError }]);
  expect((await recordedEvents(page, 'step')).map((event) => event.detail?.['step'])).toEqual(['form']);
  await expectAccessibleAtWidths(page, 'the form with an error', [320, 375, 1280]);
  await sendAndFail(2);
  await textbox(page, copy.companyLabelFranchisee).fill('Acme Burgers of Lyon');
  await sendAndFail(3);
  const keys = posts.map((post) => post.key);
  expect(keys).toHaveLength(3);
  for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a request that got no answer is tried once more with the same key, and the flow goes on', async () => {
  const { page } = await suite.page();
  const posts = postsTo(page, 'demo_form');
  let dropped = 0;
  // The first POST loses its connection, as a request whose answer never came back.
  await page.route(`**${WEBHOOK_PATHS.demoForm}`, (route) =>
    route.request().method() === 'POST' && dropped++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await submitForm(page, { ...VISITOR, email: 'network-retry@acme.com' });
  expect(posts).toHaveLength(WEBHOOK_NETWORK_TRIES);
  expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  expect(posts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  const leads = (await fetchLeads(suite.host())).filter((lead) => lead.endpoint === 'demo_form' && lead.email === 'network-retry@acme.com');
  expect(leads).toHaveLength(1);
});
/** The host is shared by this file's tests: each test's visitor has its own e-mail. */
const visitorFor = (name: string): FormInput => ({ ...VISITOR, email: `${name}@acme.com` });
const leadsOf = async (visitor: FormInput, endpoint: Lead['endpoint']) =>
  (await fetchLeads(suite.host())).filter((lead) => lead.email === visitor.email && lead.endpoint === endpoint);

test(`${copy.submit}, the dialog's Schedule Call, then ${copy.talkInBrowser}, each clicked three times in one task: one demo_form post, one call, one assistant asked for; the form and the assistant are each their own request, with its own key`, async () => {
  const { page } = await suite.page({ clock: true });
  const visitor = visitorFor('triple-submit-phone');
  const formPosts = postsTo(page, 'demo_form');
  const callPosts = postsTo(page, 'trigger_ai_demo_call');
  const assistantPosts = postsTo(page, 'website_demo_call');
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
  // The browser call, from 'Call Scheduled!' (the same start as congratulations' Start Browser Test).
  await clickInOneTask(page, copy.talkInBrowser);
  await poll(() => dataStep(page)).toBe('browser-call');
  await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantReady);
  await poll(async () => (await leadsOf(visitor, 'website_demo_call')).length).toBe(1);
  expect([formPosts.length, assistantPosts.length]).toEqual([1, 1]);
  expect(formPosts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(assistantPosts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(assistantPosts[0]!.key).not.toBe(formPosts[0]!.key);
});
