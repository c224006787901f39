import { describe, expect, inject, test } from 'vitest';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, heading, textbox, widget } from '@franchise-ai/test-support/widget-flow';
import { CONGRATULATIONS_AT_MS, copy } from '@franchise-ai/test-support/widget-texts';
import { PHONE, useSite } from '../support/site.ts';

// /demo embeds the real widget, which talks to the real webhook host (started by ../global-setup.ts;
// what the page sends to the webhook base it was built with reaches that host, see
// ../support/site.ts). The flow is only followed up to the agent built here, to check that the site
// around it keeps it: the widget's own suite (widget/test/browser) covers the rest.
const site = useSite();

const leads = () => fetchLeads({ url: inject('webhookHost'), leadsToken: inject('webhookLeadsToken') });

describe.each([
  ['1280 px', DESKTOP, 'franchisor'],
  ['375 px', PHONE, 'franchisee'],
] as const)('at %s', (_, viewport, businessType) => {
  test(`a ${businessType} fills the form, submits it, the host receives demo_form, the widget moves to loading, and the header's demo button then keeps the agent built`, async () => {
    // A fake clock (running at the real pace), to skip the loading step's wait.
    const fixture = await site.open('/demo', { viewport, before: (page) => page.clock.install() });
    const { page, consoleErrors, pageErrors } = fixture;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await heading(page, copy.formHeading).waitFor();
    expect(await dataStep(page)).toBe('form');

    const visitor = {
      name: 'Jane Smith',
      company: `Acme Burgers ${viewport.width}`,
      email: `jane.${businessType}.${Date.now()}@acme.example`,
      website: 'acme.example',
      businessType,
    };
    await fillForm(page, visitor);
    await button(page, copy.submit).click();

    await poll(async () => (await leads()).find((lead) => lead.email === visitor.email), 'the webhook host received the request').toMatchObject({
      endpoint: 'demo_form',
      product: 'franchise-ai',
      name: visitor.name,
      company: visitor.company,
      website: `https://${visitor.website}`,
      businessType,
    });
    await poll(() => dataStep(page)).toBe('loading');
    await heading(page, copy.loadingHeading).waitFor();
    expect(requests).toContain(`POST ${inject('webhookBase')}/demo_form`);

    // The header's 'See My Franchise AI' (whichever this width shows) is this page: pressing it now
    // must not load /demo again, which would throw the agent away.
    await page.clock.fastForward(CONGRATULATIONS_AT_MS);
    await heading(page, copy.readyHeading).waitFor();
    const agentId = async () => (await widget(page).locator('dd').allInnerTexts()).find((text) => /^MSO-[A-Z0-9]{6}$/.test(text));
    const built = await agentId();
    expect(built).toMatch(/^MSO-/);
    const headerDemo = page.getByRole('banner').getByRole('link', { name: 'See My Franchise AI', exact: true }).filter({ visible: true });
    expect(await headerDemo.getAttribute('aria-current')).toBe('page');
    await page.evaluate(() => Object.assign(window, { beforeClick: true }));
    const documentsBefore = requests.filter((request) => request.startsWith('GET ') && new URL(request.slice(4)).pathname === '/demo').length;
    await headerDemo.click();
    // The same document (what was set on its window is still there), now at the widget.
    await poll(() => page.evaluate(() => ({ hash: location.hash, sameDocument: (window as { beforeClick?: boolean }).beforeClick === true }))).toEqual({
      hash: '#main',
      sameDocument: true,
    });
    expect(requests.filter((request) => request.startsWith('GET ') && new URL(request.slice(4)).pathname === '/demo')).toHaveLength(documentsBefore);
    expect(await dataStep(page)).toBe('congratulations');
    expect(await agentId()).toBe(built);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test('the submit button stays disabled until name, company and email are filled', async () => {
  const { page } = await site.open('/demo');
  const submit = button(page, copy.submit);
  await submit.waitFor();
  expect(await submit.isDisabled()).toBe(true);
  await textbox(page, copy.nameLabel).fill('Jane Smith');
  await textbox(page, copy.companyLabelFranchisor).fill('Acme Burgers');
  expect(await submit.isDisabled()).toBe(true);
  await textbox(page, copy.emailLabel).fill('jane@acme.example');
  await poll(() => submit.isDisabled()).toBe(false);
  expect(await dataStep(page)).toBe('form');
});

test("the widget on /demo wears the site's own heading weight, button shadow and card accent (one set of tokens)", async () => {
  const { page } = await site.open('/demo', { viewport: DESKTOP });
  await heading(page, copy.formHeading).waitFor();
  // An enabled submit button (a disabled one has no shadow at all).
  await textbox(page, copy.nameLabel).fill('Jane Smith');
  await textbox(page, copy.companyLabelFranchisor).fill('Acme Burgers');
  await textbox(page, copy.emailLabel).fill('jane@acme.example');
  await poll(() => button(page, copy.submit).isDisabled()).toBe(false);
  const looks = await page.evaluate(() => {
    const root = document.querySelector('franchise-ai-demo')!.shadowRoot!;
    const style = (element: Element, pseudo?: string) => getComputedStyle(element, pseudo);
    const siteButton = [...document.querySelectorAll('.button.primary')].find((element) => element.getClientRects().length > 0)!;
    return {
      headingWeight: [style(root.querySelector('h2')!).fontWeight, style(document.querySelector('h1')!).fontWeight],
      buttonShadow: [style(root.querySelector('button.primary')!).boxShadow, style(siteButton).boxShadow],
      cardAccent: [
        style(root.querySelector('.card h3')!, '::before').backgroundImage,
        getComputedStyle(document.documentElement).getPropertyValue('--gradient-brand').trim(),
      ],
    };
  });
  expect(looks.headingWeight[0]).toBe(looks.headingWeight[1]);
  expect(looks.buttonShadow[0]).toBe(looks.buttonShadow[1]);
  // The site's brand gradient, as the page's own stat figures and call to action band draw it.
  expect(looks.cardAccent[0]).toMatch(/^linear-gradient\(135deg/);
});
