import { describe, expect, it } from 'vitest';
import type { Lead } from './request-body.ts';
import { assistantRequest } from './voice-requests.ts';

const lead = (company: string): Lead => ({
  name: 'Ada Lovelace',
  company,
  email: 'ada@example.com',
  website: null,
  businessType: 'franchisor',
  phoneNumber: null,
  consentText: null,
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
