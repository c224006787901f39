import { DEFAULT_COMPANY_NAME } from '@franchise-ai/shared/constants';
import { CONSENT_TEXT_LIMIT, checkCallFields } from '@franchise-ai/shared/call-policy';
import { describe, expect, it } from 'vitest';
import { issuedConsent } from '@franchise-ai/shared/consent-words';
import { copy, type Copy } from '../copy/copy.ts';
import { frenchCopy } from '../copy/french-copy.ts';
import { browserCallDisclosure, consentDisclosure, consentText, recordingOf, shownConsent, type Recording } from './call-disclosure.ts';

it.each<[boolean | null, Recording, string]>([
  [true, 'recorded', 'The call is recorded.'],
  [false, 'not-recorded', 'The call is not recorded.'],
  // A host that did not say may record: never promise what it did not.
  [null, 'unknown', 'The call may be recorded.'],
])('consentDisclosure, what the visitor is told beside the box, recorded %j: %s', (recorded, recording, sentence) => {
  expect(recordingOf(recorded)).toBe(recording);
  expect(consentDisclosure(copy, DEFAULT_COMPANY_NAME, recorded)).toBe(
    `An AI voice agent from Franchise AI will call this number once, for this demo. ${sentence} Agreeing is not a condition of any purchase.`,
  );
});

describe('consentText: the words sent as consent.text', () => {
  it('is well-formed consent for every host', () => {
    const text = consentText(copy, consentDisclosure(copy, DEFAULT_COMPANY_NAME, true), `https://partner.example/${'p'.repeat(200)}`);
    expect(text.length).toBeLessThan(CONSENT_TEXT_LIMIT);
    const checked = checkCallFields({ phoneNumber: '+12015550123', consent: { given: true, text } }, { countries: ['US'] });
    expect(checked).toEqual({ ok: true, call: { phoneNumber: '+12015550123', consentText: text } });
  });
  // The words moved to the hosts (shared consent-words.ts) as they were: for the same terms, the
  // widget's own text is the one a host issues, in English and in French.
  it.each<[string, Copy, 'en' | 'fr']>([
    ['English', copy, 'en'],
    ['French', frenchCopy, 'fr'],
  ])('%s: the same text a host issues for the same company, recording and privacy policy', (_label, texts, language) => {
    const terms = [[true, 'https://acme.example/privacy'] as const, [false, null] as const];
    for (const [recorded, privacyUrl] of terms) {
      const issued = issuedConsent(language, { companyName: 'Acme AI', recorded, privacyUrl });
      expect(consentText(texts, consentDisclosure(texts, 'Acme AI', recorded), privacyUrl)).toBe(issued.text);
    }
  });
});

describe("shownConsent: the host's words when it issued them, else the widget's", () => {
  const issued = issuedConsent('en', { companyName: 'Host Co', recorded: true, privacyUrl: 'https://host.example/privacy' });
  it("a host's words are shown and sent as they came, whatever the page's company-name and privacy-url say", () => {
    expect(shownConsent(copy, { recorded: false, consent: issued }, 'Page Co', 'https://page.example/privacy')).toEqual({
      disclosure: issued.disclosure,
      privacyHref: 'https://host.example/privacy',
      privacyLabel: 'Privacy policy',
      label: 'I agree to receive this AI demo call',
      text: issued.text,
    });
  });
  it('a page without privacy-url links the policy the host names with its words', () => {
    expect(shownConsent(copy, { recorded: true, consent: issued }, 'Page Co', null).privacyHref).toBe('https://host.example/privacy');
  });
  it("without them, the widget's words from the page's attributes and the host's recording", () => {
    const shown = shownConsent(frenchCopy, { recorded: null }, 'Page Co', null);
    expect(shown).toEqual({
      disclosure: consentDisclosure(frenchCopy, 'Page Co', null),
      privacyHref: null,
      privacyLabel: frenchCopy.consentPrivacyLink,
      label: frenchCopy.consentLabel,
      text: consentText(frenchCopy, consentDisclosure(frenchCopy, 'Page Co', null), null),
    });
  });
});

it.each<[boolean | null, string]>([
  [true, 'You are about to talk to an AI assistant. The conversation is recorded.'],
  [false, 'You are about to talk to an AI assistant. The conversation is not recorded.'],
  [null, 'You are about to talk to an AI assistant. The conversation may be recorded.'],
])('browserCallDisclosure before Start Call, recorded %j', (recorded, expected) => {
  expect(browserCallDisclosure(copy, recorded)).toBe(expected);
});
