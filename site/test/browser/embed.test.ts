import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { WEBHOOK_BASE_MESSAGE } from '@franchise-ai/widget/rules';
import { runAxe } from '@franchise-ai/test-support/axe';
import { chatProbeRefused, DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { button, dataStep, fillForm, heading, phoneDialog, reachCongratulations, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { brandStyles } from '../../src/embed/brand-color.ts';
import { DEFAULT_PRESET } from '../../src/embed/presets.ts';
import { PAGES, ROUTES } from '../../src/routes.ts';
import { BUILD_ENV } from '../support/build-env.ts';
import {
  advancedOpen,
  checkbox,
  copyButton,
  description,
  field,
  labelOf,
  openAdvanced,
  openBuilder,
  previewStyle,
  snippetField,
  snippetText,
  tab,
} from '../support/embed-page.ts';
import { DIST } from '../support/preview.ts';
import { PHONE, useSite, type OpenOptions, type SitePage } from '../support/site.ts';

// /embed, as a sales person uses it: choose the settings, watch the live widget, copy a snippet,
// paste it into a partner's page on another origin, where the widget then works against the
// webhook host. And its code: one lazy chunk that no other page fetches.
const site = useSite();

/** A partner's site: another origin (its own port) with nothing on it but what a test pastes. */
let partner: StaticServer;
beforeAll(async () => {
  partner = await startStaticServer({});
});
afterAll(() => partner?.stop());

const leads = () => fetchLeads({ url: inject('webhookHost'), leadsToken: inject('webhookLeadsToken') });

const openEmbed = (path: string = PAGES.embed.path, options: OpenOptions = {}): Promise<SitePage> => openBuilder(site, path, options);

// The snippets name the widget's loader by the site's public address (VITE_SITE_URL), which this
// test's Chromium cannot reach: the preview server answers for it, as the deployed site would.
async function servePublicSite(page: Page): Promise<void> {
  const origin = new URL(BUILD_ENV.VITE_SITE_URL).origin;
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${site.url}${url.pathname}` }) });
  });
}

/** The company's privacy page, as the snippets name it by default. */
const PRIVACY_PAGE = new URL(PAGES.privacy.path, BUILD_ENV.VITE_SITE_URL).href;

/** A page of the partner's origin holding `snippet`, and nothing else. */
const partnerPage = (name: string, snippet: string): string =>
  partner.page(
    `/${name}.html`,
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Partner landing page</title></head>\n<body>\n${snippet}\n</body>\n</html>\n`,
  );

// A host that issues no consent words of its own (ours always do, linking PRIVACY_POLICY_URL): the
// widget's words then link the page's privacy-url, which /embed fills with the company's policy.
test("a snippet made with the defaults links the company's privacy policy from the phone dialog's consent words", async () => {
  const { page } = await openEmbed(PAGES.embed.path, { viewport: DESKTOP });
  const snippet = await snippetText(page, 'HTML page');
  expect(snippet).toContain(` privacy-url="${PRIVACY_PAGE}"`);
  const partnerContext = await site.browser.newContext({ viewport: DESKTOP });
  try {
    const visit = await partnerContext.newPage();
    await servePublicSite(visit);
    await visit.route('**/demo_form', async (route) => {
      // The host's name resolves in Chromium only (support/site.ts): this fetch, from Node, names its address.
      const response = await route.fetch({ url: `${inject('webhookHost')}${new URL(route.request().url()).pathname}` });
      const body = (await response.json()) as { calls?: { consent?: unknown } };
      delete body.calls?.consent;
      await route.fulfill({ response, json: body });
    });
    await visit.clock.install();
    await visit.goto(partnerPage('privacy-default', snippet));
    await reachCongratulations(visit, { ...VISITOR, email: `jane.privacy.${Date.now()}@acme.example` });
    await widget(visit).getByRole('article', { name: copy.callMeTitle }).getByRole('button', { name: copy.scheduleCall, exact: true }).click();
    const link = phoneDialog(visit).getByRole('link', { name: copy.consentPrivacyLink, exact: true });
    expect(await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href)).toBe(PRIVACY_PAGE);
  } finally {
    await partnerContext.close();
  }
});

// One full journey: the builder on a phone (the layout where a control is likeliest to be covered;
// embed-quick-setup.test.ts drives it at 1280 px), the partner's page on a desktop.
describe('at 375 px, pasted into a page seen at 1280 px', () => {
  test("a snippet built on /embed, pasted into another origin's blank page, runs the widget there from form to loading against the webhook host", async () => {
    const viewport = PHONE;
    const fixture = await openEmbed(PAGES.embed.path, { viewport });
    const { page, context } = fixture;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // The quick setup: a brand colour and the side, in plain words.
    await page.getByRole('textbox', { name: 'Brand color', exact: true }).fill('#0a7d3b');
    await page.getByRole('radio', { name: /^Franchise owners/ }).check();
    // A webhook base without its scheme: how to fix it beside the field; the live widget shows what a visitor would see.
    await openAdvanced(page);
    await field(page, 'webhook-base').fill('hooks.example.com/webhook');
    await poll(() => description(page, 'webhook-base')).toContain('Add https:// at the start, e.g. https://hooks.example.com/webhook');
    expect(await description(page, 'webhook-base')).not.toContain(WEBHOOK_BASE_MESSAGE);
    expect(await field(page, 'webhook-base').getAttribute('aria-invalid')).toBe('true');
    await poll(() => widget(page).getByText(WEBHOOK_BASE_MESSAGE).count()).toBe(1);

    await field(page, 'webhook-base').fill(inject('webhookBase'));
    await field(page, 'home-url').fill('/thanks');
    await page.getByRole('combobox', { name: labelOf('analytics'), exact: true }).selectOption('datalayer');
    await poll(() => description(page, 'webhook-base')).not.toContain('Add https://');
    // The live widget follows: the franchisee's wording, the brand colour and what it derives on 'Our site'.
    const derived = brandStyles('#0a7d3b', {
      background: '#ffffff',
      text: DEFAULT_PRESET.styles['--fad-color-text']!,
      muted: DEFAULT_PRESET.styles['--fad-color-muted']!,
    });
    expect(derived['--fad-color-primary-text']).toBe('#ffffff');
    await widget(page).getByRole('textbox', { name: copy.companyLabelFranchisee, exact: true }).waitFor();
    for (const [name, value] of Object.entries(derived)) expect(await previewStyle(page, name), name).toBe(value);

    await copyButton(page, 'HTML page').click();
    await poll(() => copyButton(page, 'HTML page').innerText()).toMatch(/^Copied/);
    await page.getByRole('status').filter({ hasText: 'the HTML page snippet copied.' }).waitFor();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(await snippetText(page, 'HTML page'));
    expect(snippet).toContain(
      `business-type="franchisee" home-url="/thanks" analytics="datalayer" company-name="Franchise AI" privacy-url="${PRIVACY_PAGE}" style="--fad-font-family: `,
    );
    // Only what differs from the widget's own defaults (white button text is its default).
    expect(snippet).toContain(
      `--fad-color-surface: ${derived['--fad-color-surface']}; --fad-color-border: #b9c1d6; --fad-color-primary: #0a7d3b; --fad-radius: 16px; --fad-heading-weight: 800; --fad-shadow-button: ${derived['--fad-shadow-button']}; --fad-card-accent: #0a7d3b"`,
    );

    const partnerUrl = partnerPage(`landing-${viewport.width}`, snippet);
    expect(new URL(partnerUrl).origin).not.toBe(new URL(site.url).origin);
    const partnerContext = await site.browser.newContext({ viewport: DESKTOP });
    try {
      const partnerPage = await partnerContext.newPage();
      const errors: string[] = [];
      partnerPage.on('pageerror', (error) => errors.push(error.message));
      partnerPage.on('console', (message) => void (message.type() === 'error' && !chatProbeRefused(message) && errors.push(message.text())));
      await servePublicSite(partnerPage);
      await partnerPage.goto(partnerUrl);
      await heading(partnerPage, copy.formHeading).waitFor();
      expect(await dataStep(partnerPage)).toBe('form');
      // It starts on the side chosen on /embed, in the colours chosen there.
      expect(await widget(partnerPage).getByRole('radio', { name: copy.franchisee, exact: true }).isChecked()).toBe(true);
      expect(await previewStyle(partnerPage, '--fad-color-surface')).toBe(derived['--fad-color-surface']);

      const visitor = {
        businessType: 'franchisee' as const,
        name: 'Jane Smith',
        company: `Acme Burgers ${viewport.width}`,
        email: `jane.embed.${viewport.width}.${Date.now()}@acme.example`,
        website: 'acme.example',
      };
      await fillForm(partnerPage, visitor);
      await button(partnerPage, copy.submit).click();
      await poll(async () => (await leads()).find((lead) => lead.email === visitor.email), 'the webhook host received the request').toMatchObject({
        endpoint: 'demo_form',
        product: 'franchise-ai',
        company: visitor.company,
        businessType: 'franchisee',
      });
      await poll(() => dataStep(partnerPage)).toBe('loading');
      await heading(partnerPage, copy.loadingHeading).waitFor();
      // analytics="datalayer", chosen on /embed, works there too.
      await poll(() =>
        partnerPage.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((entry) => entry.event)),
      ).toContain('generate_lead');
      expect(errors).toEqual([]);
    } finally {
      await partnerContext.close();
    }
  });
});

test('has no axe violations at 375 and 1280 px with an error showing beside a field', async () => {
  const { page } = await openEmbed(PAGES.embed.path, { viewport: PHONE });
  await openAdvanced(page);
  await field(page, '--fad-color-primary').fill('blue');
  await poll(() => description(page, '--fad-color-primary')).toContain('is not a color');
  // A flagged value never reaches a snippet: none is offered until it is fixed.
  expect(await snippetField(page, 'HTML page').count()).toBe(0);
  expect(await page.getByRole('tab').count()).toBe(0);
  await widget(page).getByRole('heading', { name: copy.formHeading, exact: true }).waitFor();
  expect(await runAxe(page)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await runAxe(page)).toEqual([]);
});

describe('the choice in the address', () => {
  test('a link reproduces a choice, ignores what it does not know and reports what the widget would refuse', async () => {
    const { page } = await openEmbed('/embed?business-type=franchisee&--fad-radius=4px&utm_source=mail&voice-avoid-eval=perhaps');
    expect(await page.getByRole('radio', { name: /^Franchise owners/ }).isChecked()).toBe(true);
    // The link set a developer's values, so Advanced is open to show them.
    expect(await advancedOpen(page)).toBe(true);
    expect(await field(page, '--fad-radius').inputValue()).toBe('4px');
    expect(await checkbox(page, 'voice-avoid-eval').isChecked()).toBe(false);
    await page.getByRole('status').filter({ hasText: 'voice-avoid-eval "perhaps" is not true or false' }).waitFor();
    await tab(page, 'WordPress').click();
    expect(await snippetText(page, 'WordPress')).toContain('business-type="franchisee"');
  });

  test('a link that changes where leads go is named in an alert, and no snippet or preview uses its values until the sales person answers', async () => {
    const attacker = 'https://attacker.example/webhook/franchise-ai';
    // Not guarded, so it goes straight to the snippets: the issue's Liquid breakout, as a link sets it.
    const hostile = `/{% endraw %}{{ '%3Cscript%3Ealert(document.domain)%3C/script%3E' | url_decode }}{% raw %}`;
    const link = `${PAGES.embed.path}?${new URLSearchParams({ 'webhook-base': attacker, 'home-url': hostile, 'company-name': 'Other Co' })}`;
    const { page } = await openEmbed(link, { viewport: { width: 320, height: 740 } });
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Check this link before you use it' }) });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(
      /webhook-base\s+This link: https:\/\/attacker\.example\/webhook\/franchise-ai\s+The company's: http:\/\/webhook-host\.test/,
    );
    expect(await alert.innerText()).toMatch(/company-name\s+This link: Other Co\s+The company's: Franchise AI/);
    // Neither a snippet nor the live widget holds the link's values meanwhile.
    expect(await page.getByRole('textbox', { name: /^(HTML page|Shopify|Google Tag Manager|React|Link to these settings)$/ }).count()).toBe(0);
    expect(await page.locator('franchise-ai-demo').count()).toBe(0);
    expect(await page.locator('.embed-snippets').innerText()).not.toContain('attacker.example');
    expect(await runAxe(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
    expect(await runAxe(page)).toEqual([]);

    // By keyboard: the company's values come back, the link's own look and side stay.
    const restore = page.getByRole('button', { name: "Use the company's values" });
    await restore.focus();
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Snippets');
    expect(await field(page, 'webhook-base').inputValue()).toBe(inject('webhookBase'));
    expect(await field(page, 'company-name').inputValue()).toBe('Franchise AI');
    expect(await widget(page).getAttribute('webhook-base')).toBe(inject('webhookBase'));
    const html = await snippetText(page, 'HTML page');
    expect(html).toContain(`webhook-base="${inject('webhookBase')}"`);
    expect(html).not.toContain('attacker.example');

    // The hostile home-url, through a real Liquid engine as Shopify renders the section, then parsed
    // by Chromium: one script (the loader), and the element holds the value as the link set it.
    await tab(page, 'Shopify').click();
    const rendered = await new Liquid().parseAndRender(await snippetText(page, 'Shopify'));
    const parsed = await page.evaluate((markup) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      return { scripts: doc.scripts.length, homeUrl: doc.querySelector('franchise-ai-demo')?.getAttribute('home-url') };
    }, rendered);
    expect(parsed).toEqual({ scripts: 1, homeUrl: hostile });

    // The other answer keeps the link's values, knowingly.
    const again = await openEmbed(link);
    await again.page.getByRole('button', { name: "Keep the link's values" }).click();
    await poll(() => snippetText(again.page, 'HTML page')).toContain(`webhook-base="${attacker}"`);
    expect(await widget(again.page).getAttribute('company-name')).toBe('Other Co');
  });

  test('follows every change, so the page address (and the link snippet) reproduces it; Copy, when the browser refuses the clipboard, selects the snippet and says how to copy it', async () => {
    const { page } = await openEmbed(PAGES.embed.path, {
      before: async (page) => {
        await page.addInitScript(() =>
          Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } }),
        );
      },
    });
    expect(new URL(page.url()).search).toBe('');
    await openAdvanced(page);
    await field(page, 'home-url').fill('/welcome');
    await checkbox(page, 'voice-avoid-eval').check();
    await poll(() => new URL(page.url()).search).toBe('?home-url=%2Fwelcome&voice-avoid-eval=true');
    const link = await snippetText(page, 'Link to these settings');
    expect(link).toBe(`${new URL(PAGES.embed.path, BUILD_ENV.VITE_SITE_URL).href}?home-url=%2Fwelcome&voice-avoid-eval=true`);

    // The clipboard refused (this page's, see above).
    await tab(page, 'React').click();
    await copyButton(page, 'React').click();
    await page.getByRole('status').filter({ hasText: 'Copying was refused: the React snippet is selected' }).waitFor();
    const selection = await snippetField(page, 'React').evaluate((element) => ({
      focused: document.activeElement === element,
      selected: getSelection()?.toString() === element.textContent,
    }));
    expect(selection).toEqual({ focused: true, selected: true });
    expect(await copyButton(page, 'React').innerText()).toMatch(/^Copy\b/);

    const again = await openEmbed(`${PAGES.embed.path}${new URL(link).search}`);
    expect(await field(again.page, 'home-url').inputValue()).toBe('/welcome');
    expect(await checkbox(again.page, 'voice-avoid-eval').isChecked()).toBe(true);
    await tab(again.page, 'Google Tag Manager').click();
    expect(await snippetText(again.page, 'Google Tag Manager')).toContain(`demo.setAttribute('voice-avoid-eval', '');`);
  });
});

describe("the builder's code", () => {
  const assets = readdirSync(join(DIST, 'assets'));
  const chunk = assets.find((file) => /^embed-builder-[\w-]+\.js$/.test(file));

  test('is one chunk that no prerendered page names, /embed included (it is imported lazily)', () => {
    expect(chunk, assets.join(' ')).toBeDefined();
    for (const route of ROUTES) expect(readFileSync(join(DIST, route.file), 'utf8'), route.path).not.toContain('embed-builder');
  });

  test('is prerendered into /embed: the form and the snippets are in its HTML', () => {
    const html = readFileSync(join(DIST, PAGES.embed.file), 'utf8');
    expect(html).toContain('<label for="embed-webhook-base">');
    expect(html).toContain(`&lt;script src=&quot;${new URL(BUILD_ENV.VITE_WIDGET_SRC, BUILD_ENV.VITE_SITE_URL).href}&quot; defer&gt;&lt;/script&gt;`);
    expect(html).not.toContain('Loading the builder');
    // The company's privacy page is known before hydration where the build knows its public address.
    expect(html).toContain(`privacy-url=&quot;${PRIVACY_PAGE}&quot;`);
  });
});
