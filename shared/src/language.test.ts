import { describe, expect, it } from 'vitest';
import { callPolicyFromEnv, consentFor } from './call-policy.ts';
import { checkLanguage, LANGUAGE_REFUSAL, storedLanguage } from './language.ts';
import { validateBody, type LeadEndpoint } from './request-body.ts';

// The visitor's language in the three webhook bodies: `en` or `fr`, English when absent,
// anything else refused in `fields.language` beside the other fields' reasons.

const policy = callPolicyFromEnv({});
const lead = { name: 'Jeanne Martin', company: 'Boulangeries Martin', email: 'jeanne@martin.example' };
const BODIES: Record<LeadEndpoint, Record<string, unknown>> = {
  demo_form: lead,
  website_demo_call: lead,
  trigger_ai_demo_call: { ...lead, phoneNumber: '+33 6 12 34 56 78' },
};
/** The body in `language`, a call with the consent words the host issues in it. */
const bodyIn = (endpoint: LeadEndpoint, language: unknown) => {
  const consent = endpoint === 'trigger_ai_demo_call' ? { consent: { given: true, text: consentFor(policy, language === 'fr' ? 'fr' : 'en').text } } : {};
  return { ...BODIES[endpoint], ...consent, ...(language === undefined ? {} : { language }) };
};
const ENDPOINTS = Object.keys(BODIES) as LeadEndpoint[];

describe('language, in each of the three bodies', () => {
  it.each(ENDPOINTS)('%s: English when absent or null, French when it says fr', (endpoint) => {
    expect(validateBody(endpoint, bodyIn(endpoint, undefined), policy)).toMatchObject({ ok: true, lead: { language: 'en' } });
    expect(validateBody(endpoint, bodyIn(endpoint, null), policy)).toMatchObject({ ok: true, lead: { language: 'en' } });
    expect(validateBody(endpoint, bodyIn(endpoint, 'en'), policy)).toMatchObject({ ok: true, lead: { language: 'en' } });
    expect(validateBody(endpoint, bodyIn(endpoint, 'fr'), policy)).toMatchObject({ ok: true, lead: { language: 'fr' } });
  });

  it.each(ENDPOINTS.flatMap((endpoint) => ['de', 'FR', 'fr-FR', '', 1, true, ['fr'], { code: 'fr' }].map((value) => [endpoint, value] as const)))(
    '%s: refuses %j in fields.language',
    (endpoint, value) => {
      expect(validateBody(endpoint, bodyIn(endpoint, value), policy)).toStrictEqual({ ok: false, fields: { language: LANGUAGE_REFUSAL }, codes: {} });
    },
  );

  it('is reported beside the other fields, each with its own reason', () => {
    const check = validateBody('demo_form', { ...lead, email: 'nope', language: 'es' }, policy);
    expect(check.ok === false && Object.keys(check.fields)).toEqual(['email', 'language']);
  });

  it('says what it takes, in the words of the other field refusals', () => {
    expect(LANGUAGE_REFUSAL).toBe('language must be one of: en, fr, or left out (en).');
    expect(checkLanguage('it')).toEqual({ ok: false, reason: LANGUAGE_REFUSAL });
  });

  it('reads a stored language back: fr is French, anything else (an older row has none) English', () => {
    expect([storedLanguage('fr'), storedLanguage('en'), storedLanguage(null), storedLanguage(undefined), storedLanguage('')]).toEqual([
      'fr',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});
