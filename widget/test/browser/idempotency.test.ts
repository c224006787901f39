import { expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { WEBHOOK_NETWORK_TRIES } from '../../src/figures.ts';
import { expectAccessibleAtWidths } from '../support/accessible-at-widths.ts';
import { recordedEvents } from '../support/events.ts';
import { postsTo } from '../support/steps.ts';
import { useSuite } from '../support/suite.ts';

// Every webhook POST names its logical request with an Idempotency-Key: the same key when the same
// request is sent again (a retry after no answer, the visitor trying again after a failure), a new
// one when the request changed, so a host can store each lead once. Against the real host, failures
// injected. (Each call of a flow its own key: guards.test.ts.)
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
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  expect(posts).toHaveLength(WEBHOOK_NETWORK_TRIES);
  expect(new Set(posts.map((post) => post.key)).size).toBe(1);
  expect(posts[0]!.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  const leads = (await fetchLeads(suite.host())).filter((lead) => lead.endpoint === 'demo_form' && lead.name === VISITOR.name);
  expect(leads).toHaveLength(1);
});
