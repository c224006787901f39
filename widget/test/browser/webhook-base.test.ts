import { expect, test } from 'vitest';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { button, copy, dataStep, expectAccessibleAtWidths, fillForm, heading, poll, useSuite, VISITOR, widget } from '../support/index.ts';

// webhook-base is parsed once; a value that cannot work shows the configuration message (the console says why) instead of a failing form.
const suite = useSuite();

test('without webhook-base: the configuration message instead of the form, no data-step; axe at 320, 375 and 1280 px', async () => {
  const { page, pageErrors } = await suite.page({ attributes: { 'webhook-base': undefined }, viewport: { width: 320, height: 800 } });
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.configMissingWebhookBase);
  expect(await widget(page).getByRole('textbox').count()).toBe(0);
  expect(await heading(page, copy.formHeading).count()).toBe(0);
  expect(await dataStep(page), 'no flow, so no step').toBeNull();
  await expectAccessibleAtWidths(page, 'the configuration message', [320, 375, 1280]);
  expect(pageErrors).toEqual([]);
});

test.each<[string, (base: string) => string, string]>([
  ['user and password', (base) => base.replace('http://', 'http://user:pw@'), 'must not contain a user name or password'],
  ['a query', (base) => `${base}?x`, 'must not contain a query (?) or fragment (#)'],
  ['an empty query', (base) => `${base}?`, 'must not contain a query (?) or fragment (#)'],
  ['a fragment', (base) => `${base}#x`, 'must not contain a query (?) or fragment (#)'],
])('%s: the configuration message, a warning that says why, and no request leaves', async (_label, spoil, why) => {
  const base = spoil(suite.host().webhookBase);
  const { page, requests, consoleWarnings } = await suite.page({ webhookBase: base });
  await widget(page).getByRole('alert').filter({ hasText: copy.configMissingWebhookBase }).waitFor();
  expect(await dataStep(page)).toBeNull();
  expect(await widget(page).getByRole('button').count()).toBe(0);
  // Just the message: no room held for steps that cannot come (the flow's steps keep 560 px).
  expect(await widget(page).evaluate((host) => host.getBoundingClientRect().height)).toBeLessThan(200);
  expect(consoleWarnings).toHaveLength(1);
  expect(consoleWarnings[0]).toContain(`[franchise-ai-demo] webhook-base "${base}" ${why}`);
  expect(consoleWarnings[0]).toContain('the demo cannot be used until it is fixed');
  expect(requests.filter((url) => url.startsWith(suite.host().url))).toEqual([]);
});

test('http:host/path is read as http://host/path: the lead goes to that host, not to the page', async () => {
  const base = suite.host().webhookBase.replace('http://', 'http:');
  expect(base).toMatch(/^http:127\.0\.0\.1:\d+\/webhook\//);
  const { page, requests } = await suite.page({ webhookBase: base });
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  await heading(page, copy.loadingHeading).waitFor();
  await poll(async () => (await fetchLeads(suite.host()))[0]).toMatchObject({ endpoint: 'demo_form', name: VISITOR.name });
  expect(requests.filter((url) => url.startsWith(suite.server.url) && !/\/(widget|assets)\/|\.html$/.test(url))).toEqual([]);
});
