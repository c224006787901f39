import { describe, expect, test } from 'vitest';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX, BUSINESS_TYPES, type BusinessType, button, CONGRATULATIONS_AT_MS, copy, dataStep } from '../support/index.ts';
import { expectAccessibleAtWidths, expectShown, fetchLeads, fillCopy, type FormInput, heading, norm } from '../support/index.ts';
import { openPhoneDialog, PHONE, poll, recordedEvents, shownText, textbox, useSuite, widget } from '../support/index.ts';
import { settledStageText } from '../../src/steps/loading/loading-step.tsx';
import { possessive } from '../../src/copy/possessive.ts';

// The whole request per business type with every text as rendered, a quiet console, what the build fetches when; the host answers after 600 ms.
const suite = useSuite({ hosts: { main: { LATENCY_MS: '600' } } });
const AGENT_ID = new RegExp(`^${AGENT_ID_PREFIX}[A-Z0-9]{${AGENT_ID_LENGTH}}$`);
const visitors: Record<BusinessType, Required<FormInput>> = {
  franchisor: { name: 'Jane Smith', company: 'Acme Burgers', email: 'jane@acme.com', website: 'acme.com', businessType: 'franchisor' },
  franchisee: { name: 'Omar Diaz', company: 'Acme Burgers Lyon', email: 'omar@lyon.acme.com', website: 'http://lyon.acme.com', businessType: 'franchisee' },
};
const expectedWebsite = (typed: string) => (/^https?:\/\//.test(typed) ? typed : `https://${typed}`);

describe.each(BUSINESS_TYPES)('the demo flow as a %s', (businessType) => {
  const visitor = visitors[businessType];
  const companyLabel = businessType === 'franchisee' ? copy.companyLabelFranchisee : copy.companyLabelFranchisor;
  test('form, sending, loading, congratulations with the agent details, the phone dialog, Call Scheduled! and the browser step, with every text of each, axe on the browser step at 320, 375 and 1280 px; the real build fetches one file to render the form, the later steps once it is usable (untouched, once only), the phone rules on congratulations, the voice chunk only for the browser call', async () => {
    const { page, requests, consoleErrors, pageErrors } = await suite.page({ clock: true });
    const sent: string[] = [];
    page.on('request', (request) => void (request.url().startsWith(suite.host().url) && request.method() === 'POST' && sent.push(request.postData() ?? '')));
    const widgetFiles = () => requests.filter((url) => url.includes('/widget/')).map((url) => new URL(url).pathname);
    const voiceChunks = () => widgetFiles().filter((path) => /^\/widget\/chunks\/vapi-client-[\w-]+\.js$/.test(path));
    await heading(page, copy.formHeading).waitFor();
    await poll(() => dataStep(page)).toBe('form');
    expect(widgetFiles().filter((path) => !/later-steps-/.test(path))).toEqual(['/widget/franchise-ai-demo.js']);
    // Untouched, the later steps come anyway (on screen, page idle), so an autofilled form sent at once does not wait for them.
    await poll(() => widgetFiles().filter((path) => /later-steps-/.test(path)).length).toBe(1);
    await expectShown(page, [
      ...[copy.formHeading, copy.formPromise, copy.businessTypeLegend, copy.franchisor, copy.franchisee, copy.nameLabel, copy.companyLabelFranchisor],
      ...[copy.emailLabel, copy.websiteLabel, copy.submit, copy.missingName, copy.benefitSpecificTitle, copy.benefitSpecificText],
      ...[copy.benefitRoiTitle, copy.benefitRoiText, copy.benefitLiveTitle, copy.benefitLiveText],
    ]);
    const placeholders = [copy.nameLabel, copy.companyLabelFranchisor, copy.emailLabel, copy.websiteLabel].map((label) =>
      textbox(page, label).getAttribute('placeholder'),
    );
    expect(await Promise.all(placeholders)).toEqual([copy.namePlaceholder, copy.companyPlaceholderFranchisor, copy.emailPlaceholder, copy.websitePlaceholder]);
    // The toggle: two radios, franchisor first, each with its company label's placeholder.
    const toggle = widget(page).getByRole('group', { name: copy.businessTypeLegend });
    const franchisor = toggle.getByRole('radio', { name: copy.franchisor, exact: true });
    expect(await toggle.getByRole('radio').count()).toBe(2);
    expect(await franchisor.isChecked()).toBe(true);
    await toggle.getByRole('radio', { name: copy.franchisee, exact: true }).check();
    expect(await franchisor.isChecked()).toBe(false);
    expect(await textbox(page, copy.companyLabelFranchisee).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisee);
    await franchisor.check();
    expect(await textbox(page, copy.companyLabelFranchisor).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisor);
    // Submit waits for the three required fields, the hint naming the one missing; the website is optional.
    const submit = button(page, copy.submit);
    await toggle.getByRole('radio', { name: copy[businessType], exact: true }).check();
    for (const [label, value, missing] of [
      [copy.nameLabel, visitor.name, copy.missingCompany],
      [companyLabel, visitor.company, copy.missingEmail],
    ] as const) {
      expect(await submit.isDisabled()).toBe(true);
      await textbox(page, label).fill(value);
      await expectShown(page, [missing]);
    }
    await textbox(page, copy.emailLabel).fill(visitor.email);
    expect(await submit.isEnabled()).toBe(true);
    await textbox(page, copy.websiteLabel).fill(visitor.website);
    await expectShown(page, [companyLabel]);
    await submit.click();
    const sending = button(page, copy.submitting);
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    await poll(() => dataStep(page)).toBe('loading');
    await heading(page, copy.loadingHeading).waitFor();
    await expectShown(page, [copy.loadingHeading, fillCopy(copy.loadingStage1, { companyPossessive: possessive(visitor.company) })]);
    await page.clock.fastForward(38_000);
    await expectShown(page, [settledStageText(copy.loadingStage2), settledStageText(fillCopy(copy.loadingStage3, { businessType }))]);
    await page.clock.fastForward(CONGRATULATIONS_AT_MS - 38_000);
    await heading(page, copy.readyHeading).waitFor();
    expect(await dataStep(page)).toBe('congratulations');
    await poll(() => widgetFiles().slice(1)).toEqual([
      expect.stringMatching(/^\/widget\/chunks\/later-steps-[\w-]+\.js$/),
      expect.stringMatching(/^\/widget\/chunks\/phone-rules-[\w-]+\.js$/),
    ]);
    const details = widget(page).getByRole('region', { name: copy.agentDetailsHeading });
    const [name, company, agentId] = await details.locator('dd').allInnerTexts();
    expect(await details.locator('dt').allInnerTexts()).toEqual([copy.agentNameLabel, copy.agentCompanyLabel, copy.agentIdLabel]);
    expect([name, company]).toEqual([visitor.name, visitor.company]);
    expect(agentId).toMatch(AGENT_ID);
    // The id mixes O and 0: a monospace face with a slashed zero tells them apart.
    const idFont = await details
      .locator('dd')
      .nth(2)
      .evaluate((dd) => [getComputedStyle(dd).fontVariantNumeric, getComputedStyle(dd).fontFamily]);
    expect(idFont).toEqual(['slashed-zero', expect.stringMatching(/monospace/)]);
    await expectShown(page, [copy.readyHeading, copy.readyIntro, copy.callMeTitle, copy.callMeText, copy.scheduleCall, copy.browserTitle, copy.browserText]);
    await expectShown(page, [copy.browserButton, copy.agentDetailsHeading, copy.agentNameLabel, copy.agentCompanyLabel, copy.agentIdLabel]);
    // The host got the form once, then only demo_status questions naming the demo, never the agent.
    const request = { name: visitor.name, company: visitor.company, email: visitor.email, website: expectedWebsite(visitor.website), businessType };
    const [lead] = (await fetchLeads(suite.host())).filter((entry) => entry.endpoint === 'demo_form' && entry.email === visitor.email);
    expect(lead).toMatchObject(request);
    const [form, ...questions] = sent.map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(form).toEqual(request);
    for (const question of questions) expect(Object.keys(question)).toEqual(['demoId']);
    expect(sent.join('\n')).not.toContain(agentId);
    expect(sent.join('\n')).not.toContain(AGENT_ID_PREFIX);
    const events = await recordedEvents(page);
    expect(events.filter((event) => event.type === 'step').map((event) => event.detail?.['step'])).toEqual(['form', 'loading', 'congratulations']);
    expect(events.filter((event) => event.type === 'submit').map((event) => event.detail)).toEqual([{ request }]);
    expect(events.filter((event) => event.type === 'ready').map((event) => event.detail)).toEqual([{ agentId }]);
    expect(events.map((event) => event.type)).not.toContain('error');
    // No analytics attribute: the widget leaves window alone.
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    // The phone dialog's texts as the visitor fills it; the host (the stand-in) does not record its calls.
    const dialog = await openPhoneDialog(page);
    await expectShown(page, [copy.phoneDialogTitle, copy.phoneDialogText, copy.phoneCountryLabel, copy.phoneLabel, copy.phoneCancel]);
    await expectShown(page, [fillCopy(copy.consentCall, { company: 'Franchise AI' }), copy.consentNotRecorded, copy.consentNoPurchase, copy.consentLabel]);
    expect(await dialog.getByRole('combobox').locator('option:checked').innerText()).toBe(
      fillCopy(copy.phoneCountryOption, { country: 'United States', callingCode: '1' }),
    );
    const number = dialog.getByRole('textbox', { name: copy.phoneLabel });
    const box = dialog.getByRole('checkbox', { name: copy.consentLabel });
    expect(await number.getAttribute('placeholder')).toBe(copy.phonePlaceholder);
    for (const [typed, ticked, shown] of [
      ['', false, copy.scheduleNeedsBoth],
      ['12', false, copy.phoneHintIncomplete],
      ['12', false, copy.scheduleNeedsBoth],
      ['12', true, copy.scheduleNeedsNumber],
      ['06 12 34 56 78', true, fillCopy(copy.phoneDidYouMean, { number: '+33 6 12 34 56 78' })],
      [PHONE.typed, false, fillCopy(copy.phoneWillCall, { number: PHONE.typed })],
      [PHONE.typed, false, copy.scheduleNeedsConsent],
    ] as const) {
      await number.fill(typed);
      await box.setChecked(ticked);
      await poll(() => shownText(page)).toContain(norm(shown));
    }
    await box.check();
    await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
    await heading(page, copy.callScheduledHeading).waitFor();
    await expectShown(page, [copy.callScheduledHeading, copy.callScheduledText, copy.callExpectedLabel, '2-3 minutes', copy.callDurationLabel, '3-5 minutes']);
    await expectShown(page, [copy.callFeaturesHeading, fillCopy(copy.callFeature1, { company: visitor.company }), copy.callFeature2, copy.callFeature3]);
    await expectShown(page, [fillCopy(copy.callingNumber, { number: PHONE.typed }), copy.changeNumber, copy.talkInBrowser, copy.backHome]);
    expect(voiceChunks(), 'voice chunk fetched before the browser call').toEqual([]);
    await button(page, copy.talkInBrowser).click();
    await poll(() => voiceChunks().length, 'the voice chunk once the visitor asks for the call').toBe(1);
    const welcome = fillCopy(copy.welcomeHeading, { name: visitor.name });
    await heading(page, welcome).waitFor();
    await poll(() => widget(page).getByRole('status').innerText()).toBe(copy.statusAssistantReady);
    await expectShown(page, [welcome, fillCopy(copy.callAgentName, { company: visitor.company }), copy.statusAssistantReady, copy.tryAskingHint]);
    await expectShown(page, [copy.browserCallAi, copy.browserCallNotRecorded, copy.microphoneHeadsUp, copy.startCall, copy.tryAskingHeading]);
    await expectShown(page, [copy[`${businessType}Prompt1`], copy[`${businessType}Prompt2`], copy[`${businessType}Prompt3`]]);
    await expectAccessibleAtWidths(page, 'the browser call', [320, 375, 1280]);
    expect([consoleErrors, pageErrors]).toEqual([[], []]);
  });
});
