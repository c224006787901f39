import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, fillForm, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { recordedEvents } from '../support/events.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';

// A website typed with a scheme other than the web's (issue 13) gets its reason beside the field and
// is never sent, least of all as `https://ftp://files.example`; the host, by the same shared rule
// (shared/src/lead-rules.ts), refuses it too, in either form.
const suite = useSuite();

const open = (name: string) =>
  suite.open(suite.server.page(`/website-scheme-${name}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })));

/** The text the input's aria-describedby points at (inside the shadow root), or null without one. */
const description = (input: Locator) =>
  input.evaluate((element) => {
    const id = element.getAttribute('aria-describedby');
    return id ? ((element.getRootNode() as ShadowRoot).getElementById(id)?.textContent ?? null) : null;
  });
const focusedId = (page: Page) => widget(page).evaluate((host) => host.shadowRoot!.activeElement?.id ?? null);

test.each(['ftp://files.example', 'mailto:x@y.z', 'javascript:alert(1)', 'https://ftp://files.example'])(
  '%s: the reason shows beside the website field, focus goes there, and nothing is sent',
  async (website) => {
    const { page, requests } = await open(website.replace(/\W+/g, '-'));
    await fillForm(page, { ...VISITOR, website });
    await button(page, copy.submit).click();

    await widget(page).getByRole('alert').filter({ hasText: copy.fieldsInvalid }).waitFor();
    const field = textbox(page, copy.websiteLabel);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await description(field)).toBe(copy.websiteScheme);
    expect(await focusedId(page)).toBe('fad-website');
    expect(requests.filter((url) => url.startsWith(suite.host().url))).toEqual([]);
    expect(await recordedEvents(page, 'submit')).toEqual([]);
    expect(await dataStep(page)).toBe('form');

    // The address without its scheme is a website: https:// is prepended, and it is sent.
    await field.fill('files.example');
    expect(await description(field)).toBeNull();
    await button(page, copy.submit).click();
    await poll(() => dataStep(page)).toBe('loading');
    expect((await recordedEvents(page, 'submit')).map((event) => (event.detail?.['request'] as { website?: string } | undefined)?.website)).toEqual([
      'https://files.example',
    ]);
  },
);

test.each(['ftp://files.example', 'https://ftp://files.example'])('the host refuses the website %s with the same reason', async (website) => {
  const response = await fetch(`${suite.host().webhookBase}${WEBHOOK_PATHS.demoForm}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: VISITOR.name, company: VISITOR.company, email: VISITOR.email, website, businessType: 'franchisor' }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { fields?: unknown }).fields).toStrictEqual({ website: LEAD_REASONS.websiteScheme });
});
