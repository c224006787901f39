import type { Page } from 'playwright-core';
import { beforeEach, expect, test } from 'vitest';
import { ASSISTANT_ID, button, copy, dataStep, expectAccessibleAtWidths, fillForm, heading, json, openPhoneDialog, poll } from '../support/index.ts';
import { schedulePhoneCall, type StubRequest, useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '../support/index.ts';
import { CALL_REASONS } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { OFFERINGS, OFFERINGS_FR } from '@franchise-ai/shared/offerings';
import { CONGRATULATIONS_AT_MS } from '@franchise-ai/test-support/widget-texts';
import { frenchCopy as french } from '../../src/copy/french-copy.ts';

// A French page speaks French from the form to the browser call, tells the hosts the language and sends the French consent words.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
/** A French visitor: nothing they type is one of the English texts (the English name placeholder is 'Jane Smith'). */
const VISITEUR = {
  ...VISITOR,
  name: 'Camille Martin',
  company: 'Boulangeries Martin',
  email: 'camille@boulangeries-martin.fr',
  website: 'boulangeries-martin.fr',
};
/** How trigger_ai_demo_call is answered, in order; the last one again and again. */
let callAnswers: Array<[number, unknown]> = [];
const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) return json(res, 200, { ok: true, calls: { recorded: false, countries: ['US', 'FR'] } });
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: ASSISTANT_ID });
  if (request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall)) {
    const [status, body] = callAnswers.length > 1 ? callAnswers.shift()! : (callAnswers[0] ?? [200, { status: 'placed', callId: 'call-1' }]);
    return json(res, status, body);
  }
  json(res, 404, { error: 'Not here.' });
});
beforeEach(() => {
  callAnswers = [];
  stub.host.requests.length = 0;
});
const bodiesTo = (path: string): Array<Record<string, unknown>> =>
  stub.host.requests.filter((request: StubRequest) => request.path.endsWith(path)).map((request) => JSON.parse(request.body));
/** Each of `texts`' fixed parts (between its `{slots}`) with a word in it (`word`) that none of `others` has. */
const partsOnlyIn = (texts: string[], others: string[], word: RegExp) => [
  ...new Set(
    texts
      .flatMap((text) => text.split(/\{\w+\}/).map((part) => part.trim()))
      .filter((part) => word.test(part) && !others.some((other) => other.includes(part))),
  ),
];
const ENGLISH = [...Object.values(copy), ...Object.values(OFFERINGS).flat()];
const FRENCH = [...Object.values(french), ...Object.values(OFFERINGS_FR).flat()];
/** The English texts' and offerings' own words: none may show on a French widget. */
const ENGLISH_ONLY = partsOnlyIn(ENGLISH, FRENCH, /[a-z]{3}/i);
/** And the other way: the French texts' own words. */
const FRENCH_ONLY = partsOnlyIn(Object.values(french), Object.values(copy), /\p{L}{3}/u);
/** What the widget shows and says now: its text, and the names, placeholders and values screen readers and eyes get. */
const shownTexts = (page: Page) =>
  widget(page).evaluate((host) => {
    const root = host.shadowRoot!;
    const parts = [...root.children].map((child) => (child as HTMLElement).innerText ?? '');
    for (const element of root.querySelectorAll('[aria-label], [placeholder], [title], option')) {
      parts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('placeholder') ?? '', element.getAttribute('title') ?? '');
      if (element.tagName === 'OPTION') parts.push(element.textContent ?? '');
    }
    return parts.join('\n');
  });
async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const shown = await shownTexts(page);
  expect(
    ENGLISH_ONLY.filter((part) => shown.includes(part)),
    `English on the French ${where}`,
  ).toEqual([]);
}

test("<franchise-ai-demo lang=\"fr\">: form, loading, congratulations, the phone dialog, the host's refusals (the per-number limit, the number's country, consent words it did not issue: French words only, never the host's English), a failed request's French step, the call scheduled and the browser call, all in French, axe clean at 320 and 1280 px; the hosts are told `language: 'fr'` and get the French consent words", async () => {
  expect(ENGLISH_ONLY.length).toBeGreaterThan(100); // the check has something to find
  callAnswers = [
    [429, { error: LIMIT_MESSAGES.phoneNumber, code: 'phoneNumber', retryAfterSeconds: 600 }],
    [
      400,
      {
        error: 'Some fields are missing or invalid.',
        fields: { phoneNumber: CALL_REASONS.phoneNotServed(['US']), consent: 'The consent text is not the one issued for this demo.' },
        codes: { phoneNumber: 'phoneNotServed', consent: 'consentNotIssued' },
      },
    ],
    [500, { error: 'Injected failure.' }],
    [200, { status: 'placed', callId: 'call-1' }],
  ];
  // `<franchise-ai-demo lang="fr">` on an English page: the element's own lang wins.
  const { page, consoleErrors, pageErrors } = await suite.page({ webhookBase: stub.host.webhookBase, attributes: { lang: 'fr' }, lang: 'en', clock: true });
  await heading(page, french.formHeading).waitFor();
  expect(await dataStep(page)).toBe('form');
  await expectNoEnglish(page, 'form');
  await expectAccessibleAtWidths(page, 'the French form', [320, 1280]);
  await fillForm(page, VISITEUR, french);
  await button(page, french.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  await heading(page, french.loadingHeading).waitFor();
  await expectNoEnglish(page, 'loading step');
  await page.clock.fastForward(CONGRATULATIONS_AT_MS);
  await heading(page, french.readyHeading).waitFor();
  await expectNoEnglish(page, 'congratulations step');
  expect(bodiesTo(WEBHOOK_PATHS.demoForm)).toEqual([expect.objectContaining({ name: VISITEUR.name, language: 'fr' })]);
  // France first for a French page with no region, and countries named in French.
  const dialog = await openPhoneDialog(page, french);
  expect(await dialog.getByRole('combobox', { name: french.phoneCountryLabel }).inputValue()).toBe('FR');
  expect(await dialog.locator('option[value="DE"]').textContent()).toMatch(/^Allemagne\b/);
  await expectNoEnglish(page, 'phone dialog');
  await expectAccessibleAtWidths(page, 'the French phone dialog', [320, 1280]);
  await schedulePhoneCall(page, '06 12 34 56 78', french);
  await poll(() => dialog.getByRole('alert').innerText()).toBe(french.limitPhoneNumber);
  expect(await shownTexts(page)).not.toContain(LIMIT_MESSAGES.phoneNumber);
  await expectNoEnglish(page, 'phone dialog refused by the per-number limit');
  await expectAccessibleAtWidths(page, 'the French phone dialog refused by a limit', [320, 1280]);
  await dialog.getByRole('button', { name: french.scheduleCall, exact: true }).click();
  await poll(() => dialog.locator('.field-error').allInnerTexts()).toEqual([french.callPhoneNotServed, french.callConsentNotIssued]);
  await expectNoEnglish(page, 'phone dialog refused field by field');
  await dialog.getByRole('button', { name: french.scheduleCall, exact: true }).click();
  await heading(page, french.callUnconfirmedHeading).waitFor();
  const step = await widget(page).locator('section.step').innerText();
  expect(step).not.toContain(french.callScheduledHeading);
  expect(step).not.toContain('Nous appelons');
  await expectNoEnglish(page, 'step after a call request that failed');
  await expectAccessibleAtWidths(page, 'the French step after a call request that failed', [320, 1280]);
  await button(page, french.tryAgain).click();
  await heading(page, french.callScheduledHeading).waitFor();
  expect(bodiesTo(WEBHOOK_PATHS.triggerDemoCall)).toHaveLength(4);
  const call = bodiesTo(WEBHOOK_PATHS.triggerDemoCall).at(-1);
  expect(call).toMatchObject({ language: 'fr', phoneNumber: '+33612345678', consent: { given: true } });
  // The proof is the French words the visitor read beside the box.
  expect((call!['consent'] as { text: string }).text).toContain(french.consentLabel);
  await expectNoEnglish(page, "'Call Scheduled!' step");
  await expectAccessibleAtWidths(page, "the French 'Call Scheduled!' step", [320, 1280]);
  await button(page, french.talkInBrowser).click();
  await poll(() => widget(page).getByRole('status').innerText()).toBe(french.statusAssistantReady);
  expect(bodiesTo(WEBHOOK_PATHS.websiteDemoCall)).toEqual([expect.objectContaining({ language: 'fr' })]);
  await expectNoEnglish(page, 'browser call step');
  await expectAccessibleAtWidths(page, 'the French browser call step', [320, 1280]);
  // The console has the browser's own lines for the refused requests, and nothing else.
  expect(consoleErrors.filter((line) => !line.startsWith('Failed to load resource'))).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("without a lang of its own the widget takes the page's; another language than French is English, with no French", async () => {
  // No lang on the element: it takes the page's, any French tag.
  const inherited = await suite.page({ webhookBase: stub.host.webhookBase, lang: 'fr-CA' });
  await heading(inherited.page, french.formHeading).waitFor();
  const german = (await suite.page({ webhookBase: stub.host.webhookBase, lang: 'de' })).page;
  await heading(german, copy.formHeading).waitFor();
  const shown = await shownTexts(german);
  expect(FRENCH_ONLY.filter((part) => shown.includes(part))).toEqual([]);
});
