import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { WEBHOOK_NETWORK_TRIES } from '../../src/figures.ts';
import { useSuite } from '../support/suite.ts';

// Every webhook POST names its logical request with an Idempotency-Key: the same key when the
// same request is sent again (a retry after no answer, the visitor trying again after a failure),
// a new one when the request changed, so a host can store each lead once.
const suite = useSuite({ hosts: { main: {}, demoFormFails: { FAIL: 'demo_form:500' } } });

const open = (hostName = 'main') => suite.page({ webhookBase: suite.host(hostName).webhookBase });

/** The Idempotency-Key of every POST to `path`, in the order the page sent them. */
function keysSentTo(page: Page, path: string): Array<string | undefined> {
  const keys: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(path)) keys.push(request.headers()[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
  });
  return keys;
}

test('the same form sent again after a failure carries the same key; a changed form a new one', async () => {
  const { page } = await open('demoFormFails');
  const keys = keysSentTo(page, WEBHOOK_PATHS.demoForm);
  await fillForm(page, VISITOR);
  const alert = widget(page).getByRole('alert');
  const sendAndFail = async (count: number) => {
    await button(page, copy.submit).click();
    await poll(() => keys.length).toBe(count);
    await alert.waitFor();
    await poll(() => button(page, copy.submit).isEnabled()).toBe(true);
  };
  await sendAndFail(1);
  await sendAndFail(2);
  await textbox(page, copy.companyLabelFranchisor).fill('Acme Burgers of Lyon');
  await sendAndFail(3);
  expect(keys).toHaveLength(3);
  for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a request that got no answer is tried once more with the same key, and the flow goes on', async () => {
  const { page } = await open();
  const keys = keysSentTo(page, WEBHOOK_PATHS.demoForm);
  let dropped = 0;
  // The first POST loses its connection, as a request whose answer never came back.
  await page.route(`**${WEBHOOK_PATHS.demoForm}`, (route) =>
    route.request().method() === 'POST' && dropped++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  expect(keys).toHaveLength(WEBHOOK_NETWORK_TRIES);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(IDEMPOTENCY_KEY_PATTERN);
  const leads = (await fetchLeads(suite.host())).filter((lead) => lead.endpoint === 'demo_form' && lead.name === VISITOR.name);
  expect(leads).toHaveLength(1);
});
