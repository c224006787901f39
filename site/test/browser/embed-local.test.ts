import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP, running, useBrowserSuite } from '@franchise-ai/test-support/browser-suite';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { startStaticServer, type StaticServer } from '@franchise-ai/test-support/static-server';
import { button, dataStep, fillForm, heading } from '@franchise-ai/test-support/widget-flow';
import { copy } from '@franchise-ai/test-support/widget-texts';
import { FALLBACK_TEXT } from '../../src/embed/snippets.ts';
import { warmContentServer } from '../support/content-server.ts';
import { field, openAdvanced, snippetField, snippetText } from '../support/embed-page.ts';

// /embed in a local run (the site's dev server, as `pnpm dev` starts it, with no
// VITE_SITE_URL) offers snippets that load the widget from that server, and a share link to itself;
// pasted into a page on another port, the snippet runs the widget against the local webhook host,
// and shows its link to the demo page when the widget's code cannot be fetched. The same build
// opened on any other host offers no snippet and says why. The built site, which knows its public
// address, is embed.test.ts's. The dev server is the one the project's global setup starts
// (support/content-server.ts): its filled proof content changes the landing only, not /embed or /demo.
let partner: StaticServer | undefined;
const suite = useBrowserSuite({
  debugVariable: 'SITE_DEBUG',
  alongside: () => [startStaticServer({}).then((server) => (partner = server))],
});

const devUrl = () => inject('contentServer');
beforeAll(() => warmContentServer(devUrl()));
const webhookBase = () => `${inject('webhookHost')}/webhook/franchise-ai`;

async function openEmbed(url: string, viewport = DESKTOP, before?: (page: Page) => Promise<void>) {
  const fixture = await suite.open(url, { viewport, ...(before ? { before } : {}) });
  // The dev server transforms each module when first asked for it: the first page hydrates late.
  await fixture.page.locator('[data-builder-ready]').waitFor({ timeout: 30_000 });
  return fixture;
}

/** The HTML snippet built on the local /embed with the run's webhook host, pasted into a page of the partner server. */
async function localSnippetPage(name: string): Promise<string> {
  const { page } = await openEmbed(`${devUrl()}/embed`);
  await openAdvanced(page);
  await field(page, 'webhook-base').fill(webhookBase());
  await poll(() => snippetText(page, 'HTML page')).toContain(webhookBase());
  const snippet = await snippetText(page, 'HTML page');
  return running(partner, 'the partner server').page(
    `/${name}.html`,
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Partner page</title><link rel="icon" href="data:,"></head>\n<body><main>\n<h1>Partner page</h1>\n${snippet}\n</main></body>\n</html>\n`,
  );
}

describe('/embed in a local run', () => {
  test('names this server in every snippet, the fallback link and the share link, and says they work on this computer', async () => {
    const { page, consoleErrors } = await openEmbed(`${devUrl()}/embed`);
    const html = await snippetText(page, 'HTML page');
    expect(html).toContain(`<script src="${devUrl()}/widget/franchise-ai-demo.js" defer></script>`);
    expect(html).toContain(`<a href="${devUrl()}/demo">${FALLBACK_TEXT}</a>\n</franchise-ai-demo>`);
    expect(html).not.toContain('franchise-ai.example');
    // The company's privacy policy, on this server too: the page's origin, known once hydrated.
    expect(html).toContain(` privacy-url="${devUrl()}/privacy"`);
    expect(await snippetText(page, 'Link to these settings')).toBe(`${devUrl()}/embed`);
    expect(await page.locator('[data-widget-address="this-machine"]').innerText()).toContain(`from this computer (${devUrl()})`);
    expect(consoleErrors).toEqual([]);
  });

  test('a snippet pasted into a page on another port runs the widget there against the local host', async () => {
    const url = await localSnippetPage('works');
    expect(new URL(url).port).not.toBe(new URL(devUrl()).port);
    const { page, consoleErrors, pageErrors } = await suite.open(url);
    await heading(page, copy.formHeading).waitFor();
    // The fallback link is in the page but not drawn: the widget's shadow root has no slot.
    expect(await page.getByRole('link', { name: FALLBACK_TEXT }).isVisible()).toBe(false);
    const visitor = {
      businessType: 'franchisor' as const,
      name: 'Jane Smith',
      company: 'Acme Local Run',
      email: `jane.local.${Date.now()}@acme.example`,
      website: '',
    };
    await fillForm(page, visitor);
    await button(page, copy.submit).click();
    await poll(() => dataStep(page)).toBe('loading');
    const leads = await fetchLeads({ url: inject('webhookHost'), leadsToken: inject('webhookLeadsToken') });
    expect(leads.find((lead) => lead.email === visitor.email)).toMatchObject({ endpoint: 'demo_form', company: visitor.company });
    expect([...consoleErrors, ...pageErrors]).toEqual([]);
  });

  test("with the widget's file unreachable, the same page shows the link to the demo page", async () => {
    const blocked = /\/widget\/franchise-ai-demo\.js$/;
    const url = await localSnippetPage('blocked');
    const fixture = await suite.open(url, { before: async (page) => void (await page.route(blocked, (route) => route.abort())) });
    const { page } = fixture;
    const link = page.getByRole('link', { name: FALLBACK_TEXT });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`${devUrl()}/demo`);
    expect(await runAxe(page)).toEqual([]);
    // A working link: it leads to the company's demo page.
    await link.click();
    await page.waitForURL(`${devUrl()}/demo`);
  });
});

test('the same build opened on another host than this computer offers no snippet, and says which setting gives one', async () => {
  // A staff member's browser on a shared server with a default build: served here by the dev server.
  const origin = 'http://staging.franchise-ai.test';
  const { page } = await openEmbed(`${origin}/embed`, DESKTOP, async (page) => {
    await page.route(`${origin}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${devUrl()}${url.pathname}${url.search}` }) });
    });
  });
  const note = page.locator('[data-widget-address="unset"]');
  expect(await note.innerText()).toContain('VITE_SITE_URL');
  expect(await snippetField(page, 'HTML page').count()).toBe(0);
  expect(await snippetField(page, 'Link to these settings').count()).toBe(0);
  expect(await page.getByRole('tab').count()).toBe(0);
  expect(await runAxe(page)).toEqual([]);
});
