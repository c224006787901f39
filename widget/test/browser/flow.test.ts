import { describe, expect, test } from 'vitest';
import { BUSINESS_TYPES, type BusinessType, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { button, dataStep, type FormInput, heading, reachCongratulations, textbox, widget } from '@franchise-ai/test-support/widget-flow';
import { copy, fillCopy } from '../../src/copy.ts';
import { AGENT_ID_LENGTH, AGENT_ID_PREFIX, CONGRATULATIONS_AT_MS, LOADING_STAGES } from '../../src/figures.ts';
import { loadingStartedAt, recordedEvents } from '../support/events.ts';
import { partnerPage, widgetAttributes } from '../support/pages.ts';
import { useSuite } from '../support/suite.ts';
import { possessive } from '../../src/possessive.ts';

// The whole demo request for each business type, with the loading schedule on a fake clock, without
// console or page errors; and what the real build fetches when. The host answers after 600 ms, so
// 'Building Your Demo...' can be seen.
const suite = useSuite({ hosts: { main: { LATENCY_MS: '600' } } });

const SLACK_MS = 20;
const AGENT_ID = new RegExp(`^${AGENT_ID_PREFIX}[A-Z0-9]{${AGENT_ID_LENGTH}}$`);

const visitors: Record<BusinessType, Required<FormInput>> = {
  franchisor: { name: 'Jane Smith', company: 'Acme Burgers', email: 'jane@acme.com', website: 'acme.com', businessType: 'franchisor' },
  franchisee: { name: 'Omar Diaz', company: 'Acme Burgers Lyon', email: 'omar@lyon.acme.com', website: 'http://lyon.acme.com', businessType: 'franchisee' },
};
const expectedWebsite = (typed: string) => (/^https?:\/\//.test(typed) ? typed : `https://${typed}`);

describe.each(BUSINESS_TYPES)('the demo flow as a %s', (businessType) => {
  const visitor = visitors[businessType];

  test('form, sending, loading on schedule, congratulations with the agent details', async () => {
    const url = suite.server.page(`/flow-${businessType}.html`, partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) }));
    const { page, consoleErrors, pageErrors } = await suite.open(url, { clock: true });
    const sentBodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(suite.host().url) && request.method() === 'POST') sentBodies.push(request.postData() ?? '');
    });

    // Form.
    await heading(page, copy.formHeading).waitFor();
    expect(copy.formPromise).toContain(`${DEMO_PROMISED_SECONDS} seconds`);
    await widget(page).getByText(copy.formPromise, { exact: true }).waitFor();
    await poll(() => dataStep(page)).toBe('form');

    const toggle = widget(page).getByRole('group', { name: copy.businessTypeLegend });
    const franchisor = toggle.getByRole('radio', { name: copy.franchisor, exact: true });
    const franchisee = toggle.getByRole('radio', { name: copy.franchisee, exact: true });
    expect(await toggle.getByRole('radio').count()).toBe(2);
    expect(await franchisor.isChecked()).toBe(true);
    expect(await textbox(page, copy.companyLabelFranchisor).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisor);
    await franchisee.check();
    expect(await franchisor.isChecked()).toBe(false);
    expect(await textbox(page, copy.companyLabelFranchisee).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisee);
    await franchisor.check();
    expect(await textbox(page, copy.companyLabelFranchisor).getAttribute('placeholder')).toBe(copy.companyPlaceholderFranchisor);

    const submit = button(page, copy.submit);
    expect(await submit.isDisabled()).toBe(true);
    await widget(page).getByRole('radio', { name: copy[businessType], exact: true }).check();
    await textbox(page, copy.nameLabel).fill(visitor.name);
    expect(await submit.isDisabled()).toBe(true);
    const companyLabel = businessType === 'franchisee' ? copy.companyLabelFranchisee : copy.companyLabelFranchisor;
    await textbox(page, companyLabel).fill(visitor.company);
    expect(await submit.isDisabled()).toBe(true);
    await textbox(page, copy.emailLabel).fill(visitor.email);
    expect(await submit.isEnabled()).toBe(true); // the website is optional
    await textbox(page, copy.websiteLabel).fill(visitor.website);

    // Sending.
    await submit.click();
    const sending = button(page, copy.submitting);
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);

    // Loading, on the spec's schedule.
    await poll(() => dataStep(page)).toBe('loading');
    await heading(page, copy.loadingHeading).waitFor();
    // From here the clock only moves when told to. A timer may be armed a few ms after the step
    // event's timestamp, so "at" a time means within SLACK_MS after it; "before" means 100 ms before.
    const startedAt = await loadingStartedAt(page);
    let now = Math.max(startedAt + 1_000, (await page.evaluate(() => Date.now())) + 500);
    await page.clock.pauseAt(now);
    const advanceTo = async (msAfterStart: number) => {
      await page.clock.runFor(startedAt + msAfterStart - now);
      now = startedAt + msAfterStart;
    };
    const progressbar = widget(page).getByRole('progressbar', { name: copy.loadingProgressLabel });
    // The stage in progress shows the spec's text (loading.test.ts checks the whole checklist).
    const current = widget(page).locator('.stages li[aria-current="step"]');
    const messages = [
      fillCopy(copy.loadingStage1, { companyPossessive: possessive(visitor.company) }),
      copy.loadingStage2,
      fillCopy(copy.loadingStage3, { businessType }),
    ];
    expect(await progressbar.getAttribute('aria-valuenow')).toBe('0');
    expect(await current.allInnerTexts()).toEqual([messages[0]]);

    let previous = 0;
    for (const [index, stage] of LOADING_STAGES.entries()) {
      await advanceTo(stage.atMs - 100);
      expect(await progressbar.getAttribute('aria-valuenow'), `just before ${stage.atMs} ms`).toBe(String(previous));
      await advanceTo(stage.atMs + SLACK_MS);
      await poll(() => progressbar.getAttribute('aria-valuenow'), `at ${stage.atMs} ms`).toBe(String(stage.progress));
      expect(await current.allInnerTexts()).toEqual(messages.slice(index + 1, index + 2));
      previous = stage.progress;
    }
    expect(LOADING_STAGES.map((stage) => [stage.atMs, stage.progress])).toEqual([
      [15_000, 33],
      [28_000, 66],
      [38_000, 100],
    ]);

    await advanceTo(CONGRATULATIONS_AT_MS - 100);
    expect(await heading(page, copy.loadingHeading).isVisible()).toBe(true);
    expect(await heading(page, copy.readyHeading).count()).toBe(0);
    expect(await dataStep(page)).toBe('loading');
    await advanceTo(CONGRATULATIONS_AT_MS + SLACK_MS);
    await heading(page, copy.readyHeading).waitFor();
    expect(await dataStep(page)).toBe('congratulations');
    await page.clock.resume();

    // Congratulations: the agent details.
    const details = widget(page).getByRole('region', { name: copy.agentDetailsHeading });
    const [name, company, agentId] = await details.locator('dd').allInnerTexts();
    expect(await details.locator('dt').allInnerTexts()).toEqual([copy.agentNameLabel, copy.agentCompanyLabel, copy.agentIdLabel]);
    expect([name, company]).toEqual([visitor.name, visitor.company]);
    expect(agentId).toMatch(AGENT_ID);
    // The id mixes O and 0 (issue 28): shown in a monospace face with a slashed zero, to tell them apart.
    const idFont = await details
      .locator('dd')
      .nth(2)
      .evaluate((dd) => ({ numeric: getComputedStyle(dd).fontVariantNumeric, family: getComputedStyle(dd).fontFamily }));
    expect(idFont.numeric).toBe('slashed-zero');
    expect(idFont.family).toMatch(/monospace/);

    // What the host received, and what the page was told.
    const request = { name: visitor.name, company: visitor.company, email: visitor.email, website: expectedWebsite(visitor.website), businessType };
    const [lead] = (await fetchLeads(suite.host())).filter((entry) => entry.endpoint === 'demo_form' && entry.email === visitor.email);
    expect(lead).toMatchObject(request);
    // The form once; during the wait, only demo_status questions naming the demo (issue 26), never the agent.
    const [form, ...questions] = sentBodies.map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(form).toEqual(request);
    for (const question of questions) expect(Object.keys(question)).toEqual(['demoId']);
    expect(sentBodies.join('\n')).not.toContain(agentId);
    expect(sentBodies.join('\n')).not.toContain(AGENT_ID_PREFIX);

    const events = await recordedEvents(page);
    expect(events.filter((event) => event.type === 'step').map((event) => event.detail?.['step'])).toEqual(['form', 'loading', 'congratulations']);
    expect(events.filter((event) => event.type === 'submit').map((event) => event.detail)).toEqual([{ request }]);
    expect(events.filter((event) => event.type === 'ready').map((event) => event.detail)).toEqual([{ agentId }]);
    expect(events.map((event) => event.type)).not.toContain('error');
    expect(events.find((event) => event.type === 'ready')!.time - startedAt).toBeGreaterThanOrEqual(CONGRATULATIONS_AT_MS);

    // The happy path is quiet.
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test('the real build fetches one file to render the form, the later steps once it is usable, the phone rules on congratulations, and the voice chunk only on Start Browser Test', async () => {
  const fixture = await suite.open(suite.server.page('/flow-lazy-voice.html', partnerPage({ attributes: widgetAttributes(suite.host().webhookBase) })), {
    clock: true,
  });
  const { page } = fixture;
  const widgetFiles = () => fixture.requests.filter((url) => url.includes('/widget/')).map((url) => new URL(url).pathname);
  const isVoiceChunk = (path: string) => /^\/widget\/chunks\/vapi-client-[\w-]+\.js$/.test(path);

  await heading(page, copy.formHeading).waitFor();
  // The form is drawn from the one file; the later steps may be on their way already (the page idle: later-steps.test.ts).
  expect(widgetFiles().filter((path) => !/later-steps-/.test(path))).toEqual(['/widget/franchise-ai-demo.js']);
  await reachCongratulations(page, visitors.franchisor);
  expect(widgetFiles().filter(isVoiceChunk), 'voice chunk fetched before Start Browser Test').toEqual([]);
  // The later steps, then the phone rules, warmed for the dialog once the congratulations step shows (phone-number.test.ts).
  await poll(() => widgetFiles().slice(1)).toEqual([
    expect.stringMatching(/^\/widget\/chunks\/later-steps-[\w-]+\.js$/),
    expect.stringMatching(/^\/widget\/chunks\/phone-rules-[\w-]+\.js$/),
  ]);

  await button(page, copy.browserButton).click();
  await poll(() => widgetFiles().filter(isVoiceChunk).length, 'the voice chunk once the visitor asks for the call').toBe(1);
});
