import { describe, expect, it } from 'vitest';
import type { Lead } from './request-body.ts';
import type { BrandProfile } from './brand-profile.ts';
import { assistantRequest, callRequest, firstMessage, missingCallSettings, notPlacedAnswer, systemPrompt } from './voice-requests.ts';

const lead = (company: string): Lead => ({
  name: 'Ada Lovelace',
  company,
  email: 'ada@example.com',
  website: null,
  businessType: 'franchisor',
  phoneNumber: null,
  consentText: null,
  demoId: null,
});
const nameFor = (company: string): string => assistantRequest(lead(company), { companyName: 'Franchise AI', recordCalls: false }, 'browser').name;

describe("the assistant's name (the provider takes at most 40 characters)", () => {
  it('is `<company> demo` when that fits', () => {
    expect(nameFor('Acme Burgers')).toBe('Acme Burgers demo');
  });

  it.each([
    ['an emoji straddling the cut', `${'C'.repeat(39)}🍔 Burgers`, 'C'.repeat(39)],
    ['a family emoji (one character of five code points) straddling it', `${'C'.repeat(35)}👩‍👩‍👧 Burgers`, 'C'.repeat(35)],
    ['a flag ending exactly at it', `${'C'.repeat(36)}🇫🇷 Burgers`, `${'C'.repeat(36)}🇫🇷`],
    ['an accent after the last letter that fits', `${'C'.repeat(39)}e\u0301 Burgers`, 'C'.repeat(39)],
  ])('cuts a long company at a whole character, never inside one: %s', (_, company, expected) => {
    const name = nameFor(company);
    expect(name).not.toMatch(/\p{Surrogate}/u); // half an emoji, which is not text
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(40);
  });
});

// The words every assistant got before brand profiles, written out: a lead without a
// profile, or with one that found nothing, must still get exactly these.
const ada: Lead = { ...lead('Analytical Franchises'), website: 'https://analytical.example' };
const TODAY = {
  franchisorBrowserPrompt:
    'You are an AI voice assistant from Franchise AI, demonstrating AI automation for Analytical Franchises. You are not a person: say so whenever asked, and never pretend otherwise. Analytical Franchises is a franchisor: it sells franchises, qualifies franchise candidates, checks territory availability and matches candidates to territories. Its website is https://analytical.example. You are talking to Ada Lovelace, who asked for this demo. Show how you would handle a real caller for Analytical Franchises, keep answers short, and never claim facts about the company that you were not given. This conversation is not recorded: say so truthfully if asked. The conversation lasts at most 5 minutes. If the person asks you to stop, to stop calling or to hang up, or says they are not interested, say "Thanks for trying the demo. Goodbye!" and nothing else, which ends the call.',
  franchiseePhonePrompt:
    'You are an AI voice assistant from Franchise AI, demonstrating AI automation for Analytical Franchises. You are not a person: say so whenever asked, and never pretend otherwise. Analytical Franchises is a franchisee: it runs a local franchise location, answers customers, books appointments and orders, and runs local campaigns. Its website was not given. You are talking to Ada Lovelace, who asked for this demo. Show how you would handle a real caller for Analytical Franchises, keep answers short, and never claim facts about the company that you were not given. This call is recorded: say so truthfully if asked. The call lasts at most 5 minutes. If the person asks you to stop, to stop calling or to hang up, or says they are not interested, say "Thanks for trying the demo. Goodbye!" and nothing else, which ends the call.',
  phoneFirstMessage:
    "Hi Ada Lovelace! I'm an AI assistant calling from Franchise AI, for the Analytical Franchises demo you asked for. This call is recorded, and you can say stop at any time to end it. Want to hear how I would answer your leads and book appointments?",
  browserFirstMessage:
    "Hi Ada Lovelace! I'm an AI assistant from Franchise AI, here for the Analytical Franchises demo you asked for. This conversation is not recorded, and you can say stop at any time to end it. Want to hear how I would answer your leads and book appointments?",
};

describe('without a usable brand profile, every word is as before profiles', () => {
  const quiet = { companyName: 'Franchise AI', recordCalls: false };
  const recorded = { companyName: 'Franchise AI', recordCalls: true };
  const franchisee: Lead = { ...ada, website: null, businessType: 'franchisee' };
  it.each<[string, BrandProfile | undefined]>([
    ['no profile', undefined],
    ['a profile the site refused', { status: 'unavailable', website: 'https://analytical.example', reason: 'robots' }],
    ['a profile without a website', { status: 'unavailable', website: null, reason: 'no-website' }],
    [
      'a ready profile that found nothing',
      { status: 'ready', website: 'https://analytical.example', name: 'Analytical', facts: [], locations: [], pages: ['https://analytical.example/'] },
    ],
  ])('%s', (_, profile) => {
    expect(systemPrompt(ada, quiet, 'browser', profile)).toBe(TODAY.franchisorBrowserPrompt);
    expect(systemPrompt(franchisee, recorded, 'phone', profile)).toBe(TODAY.franchiseePhonePrompt);
    expect(firstMessage(ada, recorded, 'phone', profile)).toBe(TODAY.phoneFirstMessage);
    expect(firstMessage(ada, quiet, 'browser', profile)).toBe(TODAY.browserFirstMessage);
    const body = assistantRequest(ada, quiet, 'browser', profile);
    expect([body.firstMessage, body.model.messages[0]!.content]).toEqual([TODAY.browserFirstMessage, TODAY.franchisorBrowserPrompt]);
    expect(callRequest('as_1', 'pn_1', { ...ada, phoneNumber: '+15125550100' }, recorded, profile).assistantOverrides.firstMessage).toBe(
      TODAY.phoneFirstMessage,
    );
  });
});

describe('a call request kept but not placed', () => {
  it('names each unset call setting, empty counting as unset', () => {
    expect(missingCallSettings({})).toEqual(['VAPI_PRIVATE_KEY', 'VAPI_PHONE_NUMBER_ID']);
    expect(missingCallSettings({ VAPI_PRIVATE_KEY: 'sk', VAPI_PHONE_NUMBER_ID: '' })).toEqual(['VAPI_PHONE_NUMBER_ID']);
    expect(missingCallSettings({ VAPI_PRIVATE_KEY: 'sk', VAPI_PHONE_NUMBER_ID: 'pn' })).toEqual([]);
  });
  it('answers placed: false with the missing settings as its reason', () => {
    expect(notPlacedAnswer(['VAPI_PHONE_NUMBER_ID'])).toMatchObject({
      status: 'recorded',
      placed: false,
      reason: 'No call is placed: set VAPI_PHONE_NUMBER_ID to place calls.',
    });
  });
});

describe('the prompt for a company whose name ends with a stop', () => {
  it.each([
    ['franchisor', 'en'],
    ['franchisee', 'en'],
    ['franchisor', 'fr'],
  ] as const)('%s, %s: one stop after "Bramblewood Bagel Co.", never two, with a profile too', (businessType, language) => {
    const company = 'Bramblewood Bagel Co.';
    const profile: BrandProfile = {
      status: 'ready',
      website: 'https://bramblewood.example/',
      name: company,
      facts: [{ kind: 'description', text: 'Bramblewood Bagel Co. bakes bagels.', source: 'https://bramblewood.example/' }],
      locations: [],
      pages: ['https://bramblewood.example/'],
    };
    const prompt = systemPrompt({ ...lead(company), businessType, language }, { companyName: 'Franchise AI', recordCalls: false }, 'phone', profile);
    expect(prompt).toContain('Bramblewood Bagel Co.');
    expect(prompt).not.toMatch(/Co\.\./);
  });
});
