import { describe, expect, it } from 'vitest';
import { CALL_DURATION_MINUTES, CALL_EXPECTED_MINUTES, DEMO_PROMISED_SECONDS } from '@franchise-ai/shared/constants';
import { checkLead } from '@franchise-ai/shared/lead-rules';
import { readPhoneNumber } from '@franchise-ai/shared/phone-reading';
import { typesetFrench } from '@franchise-ai/shared/french-typography';
import { copy } from './copy.ts';
import { frFirstCopy } from './fr-form-copy.ts';
import { frLaterCopy } from './fr-later-copy.ts';
import { frenchCopy } from './french-copy.ts';
import { FR_LEAD_EXAMPLES, FR_PHONE_EXAMPLE } from './fr-lead-examples.ts';

const english: Readonly<Record<string, string>> = copy;
const french: Readonly<Record<string, string>> = frenchCopy;
const frenchTexts = Object.entries(french);

/** The French texts that are rightly the English ones, each with why. Nothing else may be. */
const SAME_AS_ENGLISH: Readonly<Record<string, string>> = {
  phoneCountryOption: 'only slots and "(+…)": the country name comes filled in the page language',
  captionAgent: '"Agent" is the French word too',
};

const slotsOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map(([, slot]) => slot!).sort();

describe('French copy: the same texts as the English', () => {
  it.each(Object.keys(english))('%s has the slots of its English text, as many times', (key) => {
    expect(slotsOf(french[key]!)).toEqual(slotsOf(english[key]!));
  });
  it('differs from the English except where the same words are right', () => {
    const same = Object.keys(english).filter((key) => french[key] === english[key]);
    expect(same.sort()).toEqual(Object.keys(SAME_AS_ENGLISH).sort());
  });
});

it.each(frenchTexts)(
  'French copy: typography: %s uses the typographic apostrophe and ellipsis only, is typeset by the one French rule (no breakable space before ; : ! ? % » or after «), and is not empty or padded',
  (key, text) => {
    expect(text).not.toContain("'");
    expect(text).not.toContain('...');
    expect(text).not.toMatch(/ [;:!?%»]|« /);
    expect(typesetFrench(text)).toBe(text);
    expect(text.trim()).not.toBe('');
    // labelColon is the colon after a label, whose space French sets before it.
    expect(text).toBe(key === 'labelColon' ? typesetFrench(' :') : text.trim());
  },
);

describe('French copy: figures and facts from the same sources as the English', () => {
  it('promises the demo in the same seconds, with no sales calls, and keeps the ROI figures of the spec', () => {
    expect(frFirstCopy.formPromise).toContain(`${DEMO_PROMISED_SECONDS}\u00A0secondes`);
    expect(frFirstCopy.formPromise).toContain('Sans appel commercial');
    expect(frenchCopy.benefitRoiText).toContain(typesetFrench('300 %'));
    expect(frenchCopy.benefitRoiText).toContain(typesetFrench('85 %'));
  });
  it('reads the call times the French way ("2 à 3 minutes")', () => {
    expect(frLaterCopy.callExpectedValue).toBe(`${CALL_EXPECTED_MINUTES.min} à ${CALL_EXPECTED_MINUTES.max}\u00A0minutes`);
    expect(frLaterCopy.callDurationValue).toBe(`${CALL_DURATION_MINUTES.min} à ${CALL_DURATION_MINUTES.max}\u00A0minutes`);
    expect(frLaterCopy.callMeText).toContain(frLaterCopy.callExpectedValue);
  });
  it('gives examples the lead rules accept, and quotes them in the reasons', () => {
    // The website as the widget sends it, https:// prepended (as the reason says, "ou https://…").
    const lead = {
      name: frFirstCopy.namePlaceholder,
      company: 'Boulangeries Martin',
      email: FR_LEAD_EXAMPLES.email,
      website: `https://${FR_LEAD_EXAMPLES.website}`,
    };
    expect(checkLead(lead).ok).toBe(true);
    expect([frFirstCopy.emailPlaceholder, frFirstCopy.websitePlaceholder]).toEqual([FR_LEAD_EXAMPLES.email, FR_LEAD_EXAMPLES.website]);
    expect(frLaterCopy.emailInvalid).toContain(FR_LEAD_EXAMPLES.email);
    expect(frLaterCopy.websiteInvalid).toContain(FR_LEAD_EXAMPLES.website);
  });
  it('offers a valid French number as the example, spelled as the rules write it', () => {
    const reading = readPhoneNumber(FR_PHONE_EXAMPLE, 'FR');
    expect(reading.kind === 'valid' && reading.line).toMatchObject({ country: 'FR', international: FR_PHONE_EXAMPLE, premium: false });
    expect(frLaterCopy.phonePlaceholder).toBe(FR_PHONE_EXAMPLE);
    expect(frLaterCopy.phoneHintRulesUnavailable).toContain(FR_PHONE_EXAMPLE);
  });
});

describe('French copy: consent and AI disclosure', () => {
  it('says beside the number that an AI calls once for this demo, who for, and no purchase condition; tells the browser caller in full that an AI answers', () => {
    expect(frLaterCopy.consentCall).toContain('{company}');
    expect(frLaterCopy.consentCall).toMatch(/intelligence artificielle \(IA\).*une seule fois, pour cette démo/);
    expect(frLaterCopy.consentNoPurchase).toMatch(/aucun achat/);
    expect(frLaterCopy.consentLabel).toMatch(/^J’accepte .*\bIA\b/);
    expect(frLaterCopy.browserCallAi).toMatch(/intelligence artificielle \(IA\)/);
  });
  it('says recording exactly as the three English sentences do', () => {
    expect([frLaterCopy.consentRecorded, frLaterCopy.consentNotRecorded, frLaterCopy.consentMayBeRecorded]).toEqual([
      'L’appel est enregistré.',
      'L’appel n’est pas enregistré.',
      'L’appel peut être enregistré.',
    ]);
  });
  it.each(['microphoneBlocked', 'microphoneNotFound', 'microphoneUnavailable', 'assistantErrorNotice', 'callErrorNotice', 'callUnavailableNotice'] as const)(
    '%s offers Call Me by its French title',
    (key) => {
      expect(frenchCopy[key]).toContain(typesetFrench(`« ${frLaterCopy.callMeTitle} »`));
    },
  );
});
