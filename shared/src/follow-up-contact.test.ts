import { describe, expect, it } from 'vitest';
import { contactEmail, contactFromEnv, contactPhone } from './follow-up-contact.ts';

describe('contactFromEnv', () => {
  it('none set: no contact', () => {
    expect(contactFromEnv({})).toEqual({ email: null, phone: null });
    expect(contactFromEnv({ CONTACT_EMAIL: ' ', CONTACT_PHONE: '' })).toEqual({ email: null, phone: null });
  });
  it('both, trimmed; the phone as E.164 for tel:', () => {
    expect(contactFromEnv({ CONTACT_EMAIL: ' team@acme.example ', CONTACT_PHONE: '+1 (202) 555-0123' })).toEqual({
      email: 'team@acme.example',
      phone: '+12025550123',
    });
  });
  it.each([
    [{ CONTACT_EMAIL: 'team at acme' }, 'CONTACT_EMAIL must be an email address, got "team at acme".'],
    [{ CONTACT_EMAIL: 'mailto:team@acme.example' }, 'CONTACT_EMAIL must be an email address'],
    [{ CONTACT_PHONE: '202 555 0123' }, 'CONTACT_PHONE must be an international number, + and country code first (+12025550123), got "202 555 0123".'],
    [{ CONTACT_PHONE: '+1 800 FLOWERS' }, 'CONTACT_PHONE must be an international number'],
  ])('%j stops the start, naming the variable', (env, message) => {
    expect(() => contactFromEnv(env)).toThrow(message);
  });
});

it('contactEmail and contactPhone: one rule for the host and the widget', () => {
  expect([contactEmail('a@b.co'), contactEmail('a@b'), contactEmail('mailto:a@b.co')]).toEqual(['a@b.co', null, null]);
  expect([contactPhone('+33 6 12 34 56 78'), contactPhone('+0123456789'), contactPhone('+1 2')]).toEqual(['+33612345678', null, null]);
});
