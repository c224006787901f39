import { describe, expect, it } from 'vitest';
import { END_CALL_MESSAGE, END_CALL_MESSAGE_FR, END_CALL_PHRASES, END_CALL_PHRASES_FR, firstMessage, systemPrompt } from './voice-requests.ts';
import type { Lead } from './request-body.ts';

// Vapi ends a call when the *assistant* says one of its endCallPhrases (a case-insensitive substring
// of its own transcript). The greeting tells the visitor to say "stop": were a phrase in it, every
// call would end as it begins. Only the goodbye, which the prompt tells it to say when asked to stop,
// may hold one.
const lead = (language: 'en' | 'fr'): Lead => ({
  name: 'Ada',
  company: 'Analytical Franchises',
  email: 'ada@analytical.example',
  website: null,
  businessType: 'franchisor',
  phoneNumber: null,
  consentText: null,
  demoId: null,
  language,
});
const found = (phrases: readonly string[], text: string) => phrases.filter((phrase) => text.toLowerCase().includes(phrase.toLowerCase()));

describe.each([
  ['en', END_CALL_PHRASES, END_CALL_MESSAGE],
  ['fr', END_CALL_PHRASES_FR, END_CALL_MESSAGE_FR],
] as const)('%s', (language, phrases, goodbye) => {
  it('no end-call phrase is in any greeting, recorded or not, on the phone or in the browser', () => {
    for (const recordCalls of [true, false])
      for (const channel of ['phone', 'browser'] as const)
        expect(
          found(phrases, firstMessage(lead(language), { companyName: 'Franchise AI', recordCalls }, channel)),
          `${channel}, recorded ${recordCalls}`,
        ).toEqual([]);
  });

  it('the goodbye holds one, and the prompt tells the assistant to say that goodbye when asked to stop', () => {
    expect(found(phrases, goodbye)).not.toEqual([]);
    expect(systemPrompt(lead(language), { companyName: 'Franchise AI', recordCalls: false }, 'phone')).toContain(goodbye);
  });
});
