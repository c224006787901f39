import { copy } from '../../../widget/src/copy.ts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { fetchLeads } from '../../../widget/test/support/webhook-host.ts';
import { DESKTOP, PHONE, poll, useSite } from '../support/site.ts';

// /demo embeds the real widget, which talks to the real webhook host the site was built against
// (started by ../global-setup.ts). The flow is only followed up to the loading step here: the
// widget's own suite (widget/test/browser) covers the rest.
const site = useSite();

const leads = () => fetchLeads({ url: inject('webhookHost'), leadsToken: inject('webhookLeadsToken') });

const widget = (page: Page) => page.locator('franchise-ai-demo');
const dataStep = (page: Page) => widget(page).getAttribute('data-step');

describe.each([
  ['1280 px', DESKTOP, 'franchisor'],
  ['375 px', PHONE, 'franchisee'],
] as const)('at %s', (_, viewport, businessType) => {
  test(`a ${businessType} fills the form, submits it, the host receives demo_form and the widget moves to loading`, async () => {
    const fixture = await site.open('/demo', { viewport });
    const { page, consoleErrors, pageErrors } = fixture;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await widget(page).getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
    expect(await dataStep(page)).toBe('form');

    const visitor = { name: 'Jane Smith', company: `Acme Burgers ${viewport.width}`, email: `jane.${businessType}.${Date.now()}@acme.example`, website: 'acme.example' };
    await widget(page).getByRole('radio', { name: copy[businessType], exact: true }).check();
    await widget(page).getByRole('textbox', { name: copy.nameLabel, exact: true }).fill(visitor.name);
    const companyLabel = businessType === 'franchisee' ? copy.companyLabelFranchisee : copy.companyLabelFranchisor;
    await widget(page).getByRole('textbox', { name: companyLabel, exact: true }).fill(visitor.company);
    await widget(page).getByRole('textbox', { name: copy.emailLabel, exact: true }).fill(visitor.email);
    await widget(page).getByRole('textbox', { name: copy.websiteLabel, exact: true }).fill(visitor.website);
    await widget(page).getByRole('button', { name: copy.submit, exact: true }).click();

    await poll(async () => (await leads()).find((lead) => lead.email === visitor.email), 'the webhook host received the request').toMatchObject({
      endpoint: 'demo_form',
      product: 'franchise-ai',
      name: visitor.name,
      company: visitor.company,
      website: `https://${visitor.website}`,
      businessType,
    });
    await poll(() => dataStep(page)).toBe('loading');
    await widget(page).getByRole('heading', { name: copy.loadingHeading, exact: true }).waitFor();
    expect(requests).toContain(`POST ${inject('webhookBase')}/demo_form`);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test('the submit button stays disabled until name, company and email are filled', async () => {
  const { page } = await site.open('/demo');
  const submit = widget(page).getByRole('button', { name: copy.submit, exact: true });
  await submit.waitFor();
  expect(await submit.isDisabled()).toBe(true);
  await widget(page).getByRole('textbox', { name: copy.nameLabel, exact: true }).fill('Jane Smith');
  await widget(page).getByRole('textbox', { name: copy.companyLabelFranchisor, exact: true }).fill('Acme Burgers');
  expect(await submit.isDisabled()).toBe(true);
  await widget(page).getByRole('textbox', { name: copy.emailLabel, exact: true }).fill('jane@acme.example');
  await poll(() => submit.isDisabled()).toBe(false);
  expect(await dataStep(page)).toBe('form');
});
