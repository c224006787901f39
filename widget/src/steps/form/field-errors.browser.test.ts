import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { button, copy, dataStep, expectAccessibleAtWidths, fetchLeads, fillForm, focusedIn, json, poll, recordedEvents, textbox } from '#test/support/index.ts';
import { useStubHost, useSuite, VISITOR, WEBHOOK_PATHS, widget } from '#test/support/index.ts';

// Why a submit was refused, beside the fields (the alert keeps spec section 8's message): our own checks first, then a stricter host's reasons.
const suite = useSuite();
const STRICT_COMPANY = 'We only build demos for brands listed in our franchise directory.';
const STRICT_OTHER = 'Demos for this region open next month.';
// A stricter host (an n8n workflow with rules of its own): it refuses what our rules let through.
const strict = useStubHost((request, res) =>
  request.path.endsWith(WEBHOOK_PATHS.demoForm)
    ? json(res, 400, { error: 'Some fields are invalid.', fields: { company: STRICT_COMPANY, region: STRICT_OTHER } })
    : json(res, 404, { error: 'not found' }),
);
/** The text the input's aria-describedby points at (inside the shadow root), or null without one. */
const description = (input: Locator) =>
  input.evaluate((element) => {
    const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
    if (ids.length === 0) return null;
    const root = element.getRootNode() as ShadowRoot;
    return ids.map((id) => root.getElementById(id)?.textContent ?? `(no #${id})`).join(' ');
  });
const companyLabel = copy.companyLabelFranchisor;
/** axe and overflow on each refusal at the narrowest supported width, a phone's and a desktop's (a11y.test.ts has the other steps). */
const WIDTHS = [320, 375, 1280];

test("a stricter host's reason shows beside its field, with the spec's message and the reasons no field owns in the alert", async () => {
  const { page } = await suite.page({ webhookBase: strict.host.webhookBase });
  await fillForm(page, VISITOR);
  await button(page, copy.submit).click();
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect((await alert.innerText()).split('\n').filter(Boolean)).toEqual([copy.submitError, STRICT_OTHER]);
  const company = textbox(page, companyLabel);
  expect(await company.getAttribute('aria-invalid')).toBe('true');
  expect(await description(company)).toBe(STRICT_COMPANY);
  await poll(() => focusedIn(page)).toBe('fad-company');
  for (const label of [copy.nameLabel, copy.emailLabel, copy.websiteLabel]) {
    expect(await textbox(page, label).getAttribute('aria-invalid'), label).toBeNull();
  }
  expect(await dataStep(page)).toBe('form');
  expect((await recordedEvents(page, 'error')).map((event) => event.detail)).toEqual([{ stage: 'submit', message: copy.submitError }]);
  await expectAccessibleAtWidths(page, "the form with a host's reasons", WIDTHS);
  // Editing the field takes its reason away; the spec's message stays until the next try.
  await company.fill('Acme Burgers of Lyon');
  expect(await company.getAttribute('aria-invalid')).toBeNull();
  expect(await description(company)).toBeNull();
  expect(await widget(page).getByText(STRICT_COMPANY).count()).toBe(0);
  expect(await alert.innerText()).toContain(copy.submitError);
});
const EMOJI = '😀';

// Which values are refused and why is src/flow/submit-check.test.ts's table; here one refusal of every kind at once shows the wiring.
test('our own check: every reason beside its field at once (a website of another scheme too), focus on the first, nothing sent; fixed, it is sent as the host stores it', async () => {
  const { page, requests } = await suite.page();
  await fillForm(page, { ...VISITOR, name: 'n'.repeat(201), email: 'jane@example', website: 'ftp://files.example' });
  await button(page, copy.submit).click();
  const alert = widget(page).getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(copy.fieldsInvalid);
  const reasons = { [copy.nameLabel]: copy.nameTooLong, [companyLabel]: null, [copy.emailLabel]: copy.emailInvalid, [copy.websiteLabel]: copy.websiteScheme };
  for (const [label, reason] of Object.entries(reasons)) {
    expect(await description(textbox(page, label)), label).toBe(reason);
    expect(await textbox(page, label).getAttribute('aria-invalid'), label).toBe(reason === null ? null : 'true');
  }
  expect(await focusedIn(page)).toBe('fad-name');
  // Submit stays enabled (spec section 5: disabled only while a required field is empty or while sending).
  expect(await button(page, copy.submit).isEnabled()).toBe(true);
  expect(requests.filter((url) => url.startsWith(suite.host().url))).toEqual([]);
  expect(await recordedEvents(page, 'submit')).toEqual([]);
  expect(await recordedEvents(page, 'error')).toEqual([]);
  expect(await dataStep(page)).toBe('form');
  await expectAccessibleAtWidths(page, 'the form with our reasons', WIDTHS);
  // A fixed field loses its reason; the website gets https:// (never https://ftp://…); 120 emoji are 120 characters, stored whole.
  const name = EMOJI.repeat(120);
  await textbox(page, copy.nameLabel).fill(name);
  await textbox(page, copy.emailLabel).fill(VISITOR.email);
  expect(await description(textbox(page, copy.emailLabel))).toBeNull();
  expect(await alert.innerText()).toBe(copy.fieldsInvalid);
  await textbox(page, copy.websiteLabel).fill('files.example');
  expect(await textbox(page, copy.websiteLabel).getAttribute('aria-invalid')).toBeNull();
  expect(await widget(page).getByRole('alert').count()).toBe(0);
  await button(page, copy.submit).click();
  await poll(() => dataStep(page)).toBe('loading');
  expect((await recordedEvents(page, 'submit')).map((event) => (event.detail?.['request'] as { website?: string } | undefined)?.website)).toEqual([
    'https://files.example',
  ]);
  await poll(async () => (await fetchLeads(suite.host()))[0]).toMatchObject({ endpoint: 'demo_form', name, website: 'https://files.example' });
});
