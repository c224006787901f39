import { LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { describe, expect, it } from 'vitest';
import { ENGLISH, type Texts } from '../copy/copy-context.ts';
import { frenchCopy } from '../copy/french-copy.ts';
import { fieldWords, LIMIT_WORDS, REASON_WORDS, refusalWords } from './refusal-words.ts';

const FRENCH: Texts = { language: 'fr', copy: frenchCopy };

describe('refusalWords and fieldWords: every code in both languages', () => {
  it('has words in both languages for every code it knows', () => {
    for (const key of [...Object.values(LIMIT_WORDS), ...Object.values(REASON_WORDS)]) {
      expect(ENGLISH.copy[key], key).toBeTruthy();
      expect(FRENCH.copy[key], key).toBeTruthy();
    }
  });
  it("words a refused form's fields (demo_form's 400) by the lead rules' codes, in French", () => {
    const fields = { email: LEAD_REASONS.emailInvalid, company: 'Not a brand we know.' };
    const codes = { email: 'emailInvalid', company: 'companyUnknown' };
    expect(fieldWords(FRENCH, fields, codes)).toEqual({ email: frenchCopy.emailInvalid, company: frenchCopy.refusedGeneric });
    // English: the host's words, whatever the code.
    expect(fieldWords(ENGLISH, fields, { email: 'emailInvalid' })).toEqual(fields);
  });
  it('an own key only: a code inherited from Object.prototype names nothing', () => {
    for (const code of ['toString', '__proto__', 'hasOwnProperty']) {
      expect(refusalWords(FRENCH, REASON_WORDS, { code, hostWords: 'x' }, 'refusedGeneric')).toBe(frenchCopy.refusedGeneric);
    }
    expect(fieldWords(FRENCH, { consent: 'x' }, Object.create({ consent: 'consentRequired' }))).toEqual({ consent: frenchCopy.refusedGeneric });
  });
  it('English without the host’s words: the code’s, else the fallback', () => {
    expect(refusalWords(ENGLISH, LIMIT_WORDS, { code: 'callsPerDay' }, 'phoneTooManyRequests')).toBe(ENGLISH.copy.limitCallsPerDay);
    expect(refusalWords(ENGLISH, LIMIT_WORDS, {}, 'phoneTooManyRequests')).toBe(ENGLISH.copy.phoneTooManyRequests);
  });
});
