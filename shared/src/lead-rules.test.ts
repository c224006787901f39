import { describe, expect, it } from 'vitest';
import { LEAD_LIMITS } from './constants.ts';
import { characterCount, checkLead, LEAD_EXAMPLES, LEAD_REASONS } from './lead-rules.ts';

const valid = { name: 'Jane Smith', company: 'Acme Burgers', email: 'jane@acme.com', website: 'https://acme.com', businessType: 'franchisor' };
const lead = (overrides: Record<string, unknown>) => ({ ...valid, ...overrides });
const EMOJI = '😀'; // one code point, two UTF-16 units

describe('characterCount', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['ASCII', 'Jane', 4],
    ['accents (precomposed)', 'Été', 3],
    ['an emoji counts once', EMOJI, 1],
    ['120 emoji', EMOJI.repeat(120), 120],
  ])('%s', (_label, text, count) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe('checkLead: what each field earns', () => {
  it.each<[string, Record<string, unknown>, Record<string, string> | null]>([
    ['a valid lead', valid, null],
    ['no website', lead({ website: undefined }), null],
    ['no businessType (defaults to franchisor)', lead({ businessType: undefined }), null],
    ['franchisee', lead({ businessType: 'franchisee' }), null],
    ['name of exactly the limit', lead({ name: 'n'.repeat(LEAD_LIMITS.name) }), null],
    ['name of 201 characters', lead({ name: 'n'.repeat(201) }), { name: LEAD_REASONS.nameTooLong }],
    ['name of 120 emoji (120 characters, 240 UTF-16 units)', lead({ name: EMOJI.repeat(120) }), null],
    ['name of 201 emoji', lead({ name: EMOJI.repeat(201) }), { name: LEAD_REASONS.nameTooLong }],
    ['name padded past the limit by spaces only (trimmed first)', lead({ name: ` ${'n'.repeat(200)} ` }), null],
    ['company of 201 characters', lead({ company: 'c'.repeat(201) }), { company: LEAD_REASONS.companyTooLong }],
    ['email of 255 characters', lead({ email: `${'e'.repeat(243)}@example.com` }), { email: LEAD_REASONS.emailTooLong }],
    ['website of 2049 characters', lead({ website: `https://a.example/${'p'.repeat(2031)}` }), { website: LEAD_REASONS.websiteTooLong }],
    ['jane@example (no dot in the domain)', lead({ email: 'jane@example' }), { email: LEAD_REASONS.emailInvalid }],
    ['email without @', lead({ email: 'jane.example.com' }), { email: LEAD_REASONS.emailInvalid }],
    ['email with a space', lead({ email: 'jane smith@example.com' }), { email: LEAD_REASONS.emailInvalid }],
    ['email with two @', lead({ email: 'jane@@example.com' }), { email: LEAD_REASONS.emailInvalid }],
    ['website with a space in the host', lead({ website: 'https://exa mple.com' }), { website: LEAD_REASONS.websiteInvalid }],
    ['ftp website', lead({ website: 'ftp://x.example' }), { website: LEAD_REASONS.websiteScheme }],
    ['mailto: website', lead({ website: 'mailto:x@y.z' }), { website: LEAD_REASONS.websiteScheme }],
    ['an ftp website with https:// prepended', lead({ website: 'https://ftp://files.example' }), { website: LEAD_REASONS.websiteScheme }],
    ['http without its slashes', lead({ website: 'http:acme.com' }), { website: LEAD_REASONS.websiteScheme }],
    ['website with a space in the path', lead({ website: 'https://acme.com/our menu' }), { website: LEAD_REASONS.websiteInvalid }],
    ['website with a tab in the host', lead({ website: 'https://acme\tburgers.com' }), { website: LEAD_REASONS.websiteInvalid }],
    ['website with a caret in the host (browsers take it, Node does not)', lead({ website: 'https://ex^ample.com' }), { website: LEAD_REASONS.websiteInvalid }],
    ['website with a percent in the host', lead({ website: 'https://ex%41mple.com' }), null],
    ['an IDN website (punycode once parsed)', lead({ website: 'https://bäckerei.example' }), null],
    ['an IPv6 website', lead({ website: 'http://[::1]:8080/' }), null],
    ['an IPv4 website with a port', lead({ website: 'http://127.0.0.1:8080/menu?x=1#top' }), null],
    ['javascript: website', lead({ website: 'javascript:alert(1)' }), { website: LEAD_REASONS.websiteScheme }],
    ['bare domain (the widget prepends https:// before checking)', lead({ website: 'acme.com' }), { website: LEAD_REASONS.websiteInvalid }],
    ['missing name', lead({ name: undefined }), { name: LEAD_REASONS.nameRequired }],
    ['blank company', lead({ company: ' \t' }), { company: LEAD_REASONS.companyRequired }],
    ['a name of zero-width spaces, joiners and a BOM', lead({ name: '\u200b\u200c\u200d\u2060\ufeff' }), { name: LEAD_REASONS.nameRequired }],
    ['a name of Hangul fillers', lead({ name: '\u3164\u115f\u1160\uffa0' }), { name: LEAD_REASONS.nameRequired }],
    ['a name of braille blanks', lead({ name: '\u2800\u2800' }), { name: LEAD_REASONS.nameRequired }],
    [
      'a company of bidi marks, a soft hyphen and variation selectors',
      lead({ company: '\u200e\u202e\u00ad\ufe0f\u{e0041}' }),
      { company: LEAD_REASONS.companyRequired },
    ],
    ['a company of combining accents alone', lead({ company: '\u0301\u0308 \u20dd' }), { company: LEAD_REASONS.companyRequired }],
    [
      'a company of an ideographic space, a no-break space and a line separator',
      lead({ company: '\u3000\u00a0\u2028' }),
      { company: LEAD_REASONS.companyRequired },
    ],
    ['an email of control characters', lead({ email: '\u0000\u0007' }), { email: LEAD_REASONS.emailRequired }],
    ['a website of zero-width spaces (absent, as a blank one)', lead({ website: '\u200b\u200b' }), null],
    ['a name of one emoji, one CJK character or one accented letter is visible', lead({ name: '😀', company: '株', email: 'é@x.fr' }), null],
    ['a name of a zero-width joiner around a letter', lead({ name: '\u200dA\u200d' }), null],
    ['null email', lead({ email: null }), { email: LEAD_REASONS.emailRequired }],
    ['numeric name', lead({ name: 42 }), { name: 'Name must be a string.' }],
    ['unknown businessType', lead({ businessType: 'owner' }), { businessType: 'businessType must be one of: franchisor, franchisee.' }],
    [
      'every problem at once, in field order',
      { name: ' ', email: 'x', website: 'ftp://x', businessType: 1 },
      {
        name: LEAD_REASONS.nameRequired,
        company: LEAD_REASONS.companyRequired,
        email: LEAD_REASONS.emailInvalid,
        website: LEAD_REASONS.websiteScheme,
        businessType: 'businessType must be one of: franchisor, franchisee.',
      },
    ],
  ])('%s', (_label, input, reasons) => {
    const check = checkLead(input);
    if (reasons === null) expect(check).toMatchObject({ ok: true });
    else {
      expect(check).toStrictEqual({ ok: false, fields: reasons });
      expect(Object.keys((check as { fields: object }).fields)).toEqual(Object.keys(reasons));
    }
  });
});

describe('checkLead: the lead it passes', () => {
  it('is trimmed, with website null when absent and the business type defaulted', () => {
    expect(checkLead({ name: ' Jane ', company: ' Acme ', email: ' jane@acme.com ' })).toStrictEqual({
      ok: true,
      lead: { name: 'Jane', company: 'Acme', email: 'jane@acme.com', website: null, businessType: 'franchisor' },
    });
  });
});

describe('the reasons a visitor can see say what to fix', () => {
  it.each([
    ['nameTooLong', LEAD_REASONS.nameTooLong, `${LEAD_LIMITS.name} characters`],
    ['companyTooLong', LEAD_REASONS.companyTooLong, `${LEAD_LIMITS.company} characters`],
    ['emailTooLong', LEAD_REASONS.emailTooLong, `${LEAD_LIMITS.email} characters`],
    ['websiteTooLong', LEAD_REASONS.websiteTooLong, `${LEAD_LIMITS.website} characters`],
    ['emailInvalid', LEAD_REASONS.emailInvalid, LEAD_EXAMPLES.email],
    ['websiteInvalid', LEAD_REASONS.websiteInvalid, LEAD_EXAMPLES.website],
    ['websiteScheme', LEAD_REASONS.websiteScheme, LEAD_EXAMPLES.website],
    ['websiteScheme', LEAD_REASONS.websiteScheme, 'https://'],
  ])('%s names the limit or an example', (_key, text, needle) => {
    expect(text).toContain(needle);
  });
});
