import { describe, expect, it } from 'vitest';
import { CALL_REASONS, callPolicyFromEnv, callTerms, consentFor } from './call-policy.ts';
import { CONSENT_WORDS_EN, CONSENT_WORDS_FR, issuedConsent, privacyUrlsFromEnv } from './consent-words.ts';
import { validateBody } from './request-body.ts';

describe('issuedConsent: the words a host issues, and the one text it accepts back', () => {
  it('in English, with a privacy policy: the disclosure, the link, the label, and the text in reading order', () => {
    expect(issuedConsent('en', { companyName: 'Acme AI', recorded: false, privacyUrl: 'https://acme.example/privacy' })).toEqual({
      disclosure:
        'An AI voice agent from Acme AI will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase.',
      privacyUrl: 'https://acme.example/privacy',
      privacyLabel: 'Privacy policy',
      label: 'I agree to receive this AI demo call',
      text: 'An AI voice agent from Acme AI will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase. Privacy policy: https://acme.example/privacy\nI agree to receive this AI demo call',
    });
  });

  it('in French, recorded, without a privacy policy: no link, and its colon never appears', () => {
    const issued = issuedConsent('fr', { companyName: 'Acme AI', recorded: true, privacyUrl: null });
    expect(issued.text).toBe(
      `${CONSENT_WORDS_FR.consentCall.replace('{company}', 'Acme AI')} ${CONSENT_WORDS_FR.consentRecorded} ${CONSENT_WORDS_FR.consentNoPurchase}\n${CONSENT_WORDS_FR.consentLabel}`,
    );
    expect(issued.privacyUrl).toBeNull();
    expect(issuedConsent('fr', { companyName: 'A', recorded: true, privacyUrl: 'https://a.example/p' }).text).toContain(
      'Politique de confidentialité\u00a0: https://a.example/p\n',
    );
  });

  it('keeps a company name as written, `$` included', () => {
    expect(issuedConsent('en', { companyName: "Bob's $& Co", recorded: false, privacyUrl: null }).disclosure).toMatch(
      /^An AI voice agent from Bob's \$& Co will/,
    );
  });

  it('the French says every English commitment: the same keys, each filled', () => {
    expect(Object.keys(CONSENT_WORDS_FR)).toEqual(Object.keys(CONSENT_WORDS_EN));
    expect(CONSENT_WORDS_FR.consentCall).toContain('{company}');
  });
});

describe('privacyUrlsFromEnv (PRIVACY_POLICY_URL, PRIVACY_POLICY_URL_FR)', () => {
  it('unset or blank: no link; an absolute http(s) address: as written; French: its own, else the same', () => {
    expect(privacyUrlsFromEnv({})).toEqual({ en: null, fr: null });
    expect(privacyUrlsFromEnv({ PRIVACY_POLICY_URL: '  ' })).toEqual({ en: null, fr: null });
    const en = 'https://franchise-ai.example/privacy';
    const fr = 'https://franchise-ai.example/fr/confidentialite';
    expect(privacyUrlsFromEnv({ PRIVACY_POLICY_URL: en })).toEqual({ en, fr: en });
    expect(privacyUrlsFromEnv({ PRIVACY_POLICY_URL: en, PRIVACY_POLICY_URL_FR: fr })).toEqual({ en, fr });
  });
  it.each(['/privacy', 'franchise-ai.example/privacy', 'ftp://franchise-ai.example/privacy', `https://a.example/${'x'.repeat(500)}`])('refuses %j', (value) => {
    expect(() => privacyUrlsFromEnv({ PRIVACY_POLICY_URL: value })).toThrow(/^PRIVACY_POLICY_URL must be an absolute http\(s\) address/);
  });
});

describe("demo_form's calls.consent and trigger_ai_demo_call's check", () => {
  const env = { COMPANY_NAME: 'Acme AI', PRIVACY_POLICY_URL: 'https://acme.example/privacy' };
  const policy = callPolicyFromEnv(env);
  const lead = { name: 'Ada', company: 'Analytical', email: 'ada@example.com', phoneNumber: '+12015550123' };
  const withText = (text: string, language?: 'en' | 'fr') => ({ ...lead, ...(language ? { language } : {}), consent: { given: true, text } });

  it("callTerms carries the lead's language's words", () => {
    expect(callTerms(policy, undefined, 'fr').consent).toEqual(consentFor(policy, 'fr'));
    expect(callTerms(policy).consent.text).toMatch(/^An AI voice agent from Acme AI/);
  });

  it('the issued text is accepted and kept as the consent text, exactly', () => {
    for (const language of ['en', 'fr'] as const) {
      const issued = consentFor(policy, language).text;
      expect(validateBody('trigger_ai_demo_call', withText(issued, language), policy)).toMatchObject({ ok: true, lead: { consentText: issued } });
    }
  });

  it.each<[string, string, 'en' | 'fr' | undefined]>([
    ['any other words', 'x', undefined],
    ['the words of another language', consentFor(policy, 'fr').text, 'en'],
    ['the words before RECORD_CALLS was turned on', consentFor(callPolicyFromEnv(env), 'en').text.replace('is not recorded', 'is recorded'), undefined],
    ['the words with the box label left out', consentFor(policy, 'en').disclosure, undefined],
  ])('refuses %s: 400 fields.consent, codes.consent consentNotIssued', (_label, text, language) => {
    expect(validateBody('trigger_ai_demo_call', withText(text, language), policy)).toEqual({
      ok: false,
      fields: { consent: CALL_REASONS.consentNotIssued },
      codes: { consent: 'consentNotIssued' },
    });
  });

  it('settings changed since demo_form: the old words are refused (recording now on)', () => {
    const before = consentFor(policy, 'en').text;
    const now = callPolicyFromEnv({ ...env, RECORD_CALLS: '1' });
    expect(validateBody('trigger_ai_demo_call', withText(before), now)).toMatchObject({ ok: false, codes: { consent: 'consentNotIssued' } });
  });

  it("a lead field's code is its LEAD_REASONS key; the integrator's refusals have none", () => {
    const checked = validateBody('trigger_ai_demo_call', { ...withText('x'), name: ' ', businessType: 'both' }, policy);
    expect(checked).toMatchObject({ ok: false, codes: { name: 'nameRequired', consent: 'consentNotIssued' } });
    expect(checked.ok === false && Object.keys(checked.codes)).toEqual(['name', 'consent']);
  });
});
