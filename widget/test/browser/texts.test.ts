import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { BusinessType } from '@franchise-ai/shared/constants';
import { poll } from '@franchise-ai/test-support/poll';
import { button, fillForm, heading, PHONE, reachCongratulations, textbox, VISITOR, widget } from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy.ts';
import { settledStageText } from '../../src/after-form/steps/loading-step.tsx';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';
import { possessive } from '../../src/possessive.ts';

// Every visible text of every step, as the visitor sees it (rendered text, not the copy object).
const suite = useSuite();

const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const shownText = async (page: Page) => norm(await widget(page).evaluate((host) => (host.shadowRoot!.querySelector('.root') as HTMLElement).innerText));

async function expectShown(page: Page, texts: string[]): Promise<void> {
  const shown = await shownText(page);
  expect(
    texts.filter((text) => !shown.includes(norm(text))),
    `missing from the widget:\n${shown}`,
  ).toEqual([]);
}

const placeholder = (page: Page, label: string) => textbox(page, label).getAttribute('placeholder');

test.each<BusinessType>(['franchisor', 'franchisee'])('every text of the flow, as a %s, through the phone path', async (businessType) => {
  const visitor = { ...VISITOR, businessType };
  const { page } = await suite.open(suite.server.page(`/texts-${businessType}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), {
    clock: true,
  });
  const companyLabel = businessType === 'franchisee' ? copy.companyLabelFranchisee : copy.companyLabelFranchisor;

  // Form, and the hint that says which field is still missing.
  await heading(page, copy.formHeading).waitFor();
  await expectShown(page, [
    copy.formHeading,
    copy.formPromise,
    copy.businessTypeLegend,
    copy.franchisor,
    copy.franchisee,
    copy.nameLabel,
    copy.companyLabelFranchisor,
    copy.emailLabel,
    copy.websiteLabel,
    copy.submit,
    copy.missingName,
    copy.benefitSpecificTitle,
    copy.benefitSpecificText,
    copy.benefitRoiTitle,
    copy.benefitRoiText,
    copy.benefitLiveTitle,
    copy.benefitLiveText,
  ]);
  expect(await placeholder(page, copy.nameLabel)).toBe(copy.namePlaceholder);
  expect(await placeholder(page, copy.emailLabel)).toBe(copy.emailPlaceholder);
  expect(await placeholder(page, copy.websiteLabel)).toBe(copy.websitePlaceholder);
  await textbox(page, copy.nameLabel).fill(visitor.name);
  await expectShown(page, [copy.missingCompany]);
  await textbox(page, copy.companyLabelFranchisor).fill(visitor.company);
  await expectShown(page, [copy.missingEmail]);
  await fillForm(page, { ...visitor, company: visitor.company });
  await expectShown(page, [companyLabel]);
  expect(await shownText(page)).not.toContain(copy.missingEmail);

  // Loading, congratulations.
  await button(page, copy.submit).click();
  await heading(page, copy.loadingHeading).waitFor();
  await expectShown(page, [copy.loadingHeading, fillCopy(copy.loadingStage1, { companyPossessive: possessive(visitor.company) })]);
  // Every stage shows from the start; once done, without its "..." (loading.test.ts).
  await page.clock.fastForward(38_000);
  await expectShown(page, [settledStageText(fillCopy(copy.loadingStage2, {})), settledStageText(fillCopy(copy.loadingStage3, { businessType }))]);
  await page.clock.fastForward(4_000);
  await heading(page, copy.readyHeading).waitFor();
  await expectShown(page, [
    copy.readyHeading,
    copy.readyIntro,
    copy.callMeTitle,
    copy.callMeText,
    copy.scheduleCall,
    copy.browserTitle,
    copy.browserText,
    copy.browserButton,
    copy.agentDetailsHeading,
    copy.agentNameLabel,
    visitor.name,
    copy.agentCompanyLabel,
    visitor.company,
    copy.agentIdLabel,
  ]);

  // The phone dialog, then Call Scheduled!
  await button(page, copy.scheduleCall).click();
  const dialog = widget(page).getByRole('dialog', { name: copy.phoneDialogTitle });
  await dialog.waitFor();
  // The host (the stand-in) said it does not record its calls: the consent words say so.
  await expectShown(page, [
    copy.phoneDialogTitle,
    copy.phoneDialogText,
    copy.phoneCountryLabel,
    copy.phoneLabel,
    copy.phoneCancel,
    fillCopy(copy.consentCall, { company: 'Franchise AI' }),
    copy.consentNotRecorded,
    copy.consentNoPurchase,
    copy.consentLabel,
    copy.scheduleNeedsBoth,
  ]);
  const country = dialog.getByRole('combobox', { name: copy.phoneCountryLabel });
  await poll(() => country.locator('option:checked').innerText()).toBe(fillCopy(copy.phoneCountryOption, { country: 'United States', callingCode: '1' }));
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('12');
  await poll(() => dialog.locator('#fad-phone-hint').innerText()).toBe(copy.phoneHintIncomplete);
  expect(await dialog.getByRole('textbox', { name: copy.phoneLabel }).getAttribute('placeholder')).toBe(copy.phonePlaceholder);
  await expectShown(page, [copy.scheduleNeedsBoth]);
  await dialog.getByRole('checkbox', { name: copy.consentLabel }).check();
  await expectShown(page, [copy.scheduleNeedsNumber]);
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill('06 12 34 56 78');
  await expectShown(page, [fillCopy(copy.phoneDidYouMean, { number: '+33 6 12 34 56 78' })]);
  await dialog.getByRole('checkbox', { name: copy.consentLabel }).uncheck();
  await dialog.getByRole('textbox', { name: copy.phoneLabel }).fill(PHONE.typed);
  await expectShown(page, [fillCopy(copy.phoneWillCall, { number: PHONE.typed }), copy.scheduleNeedsConsent]);
  await dialog.getByRole('checkbox', { name: copy.consentLabel }).check();
  await dialog.getByRole('button', { name: copy.scheduleCall, exact: true }).click();
  await heading(page, copy.callScheduledHeading).waitFor();
  await expectShown(page, [
    copy.callScheduledHeading,
    copy.callScheduledText,
    copy.callExpectedLabel,
    '2-3 minutes',
    copy.callDurationLabel,
    '3-5 minutes',
    copy.callFeaturesHeading,
    fillCopy(copy.callFeature1, { company: visitor.company }),
    copy.callFeature2,
    copy.callFeature3,
    fillCopy(copy.callingNumber, { number: PHONE.typed }),
    copy.changeNumber,
    copy.talkInBrowser,
    copy.backHome,
  ]);
  // The seconds to ringing and 'After the call' (mail, booking link), as a host says them: call-scheduled.test.ts.
});

test('every text of the browser step', async () => {
  const { page } = await suite.open(suite.server.page('/texts-browser.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), {
    clock: true,
  });
  await reachCongratulations(page);
  await button(page, copy.browserButton).click();
  await heading(page, fillCopy(copy.welcomeHeading, { name: VISITOR.name })).waitFor();
  await button(page, copy.startCall).waitFor();
  await expectShown(page, [
    fillCopy(copy.welcomeHeading, { name: VISITOR.name }),
    fillCopy(copy.callAgentName, { company: VISITOR.company }),
    copy.statusAssistantReady,
    copy.tryAskingHint,
    copy.browserCallAi,
    copy.browserCallNotRecorded,
    copy.microphoneHeadsUp,
    copy.startCall,
    copy.tryAskingHeading,
    copy.franchisorPrompt1,
    copy.franchisorPrompt2,
    copy.franchisorPrompt3,
  ]);
});
