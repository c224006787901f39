import { expect, test } from 'vitest';
import { PLACEHOLDER_DEFAULTS } from './placeholder-defaults.ts';
import { PLACEHOLDERS, placeholderWarning, unsetPlaceholders } from './placeholders.ts';

const SETTINGS = Object.keys(PLACEHOLDER_DEFAULTS);

test("the list names each of the spec's placeholders that a default build ships, with its setting", () => {
  expect(PLACEHOLDERS.map((placeholder) => [placeholder.setting, placeholder.value])).toEqual(
    expect.arrayContaining([
      ['VITE_CONTACT_EMAIL', 'hello@franchise-ai.example'],
      ['VITE_PRIVACY_EMAIL', 'privacy@franchise-ai.example'],
      ['VITE_LEGAL_EMAIL', 'legal@franchise-ai.example'],
      ['VITE_PHONE_US', '+1 555 010 0100'],
      ['VITE_PHONE_FR', '+33 1 00 00 00 00'],
      ['VITE_JURISDICTION', '[Jurisdiction]'],
      ['VITE_SITE_URL', 'https://franchise-ai.example'],
      ['VITE_VOICE_PUBLIC_KEY', ''],
      ['VITE_WEBHOOK_BASE', 'http://127.0.0.1:8787/webhook/franchise-ai'],
    ]),
  );
  for (const placeholder of PLACEHOLDERS) expect(placeholder.what, placeholder.setting).toMatch(/\w{4}/);
});

test('an empty environment leaves every placeholder unset', () => {
  expect(unsetPlaceholders({}).map((placeholder) => placeholder.setting)).toEqual(SETTINGS);
});

test('a set variable is not named; a missing or blank one is', () => {
  const env = { VITE_PHONE_US: '+1 212 555 0142', VITE_JURISDICTION: 'the State of New York', VITE_LEGAL_EMAIL: '   ', VITE_UNRELATED: 'x' };
  const named = unsetPlaceholders(env).map((placeholder) => placeholder.setting);
  expect(named).not.toContain('VITE_PHONE_US');
  expect(named).not.toContain('VITE_JURISDICTION');
  expect(named).toContain('VITE_LEGAL_EMAIL');
  expect(named).toEqual(SETTINGS.filter((setting) => setting !== 'VITE_PHONE_US' && setting !== 'VITE_JURISDICTION'));
});

test('every placeholder set: nothing is unset', () => {
  expect(unsetPlaceholders(Object.fromEntries(SETTINGS.map((setting) => [setting, 'set'])))).toEqual([]);
});

test('the warning names each unset placeholder with its setting, what it is and what ships', () => {
  const unset = unsetPlaceholders({ VITE_SITE_URL: 'https://www.example.com' });
  const warning = placeholderWarning(unset, false);
  expect(warning).toMatch(/^WARNING: this build ships 8 placeholders/m);
  for (const placeholder of unset) {
    const line = warning.split('\n').find((text) => text.trim().startsWith(`${placeholder.setting} `));
    expect(line, placeholder.setting).toContain(placeholder.what);
    expect(line, placeholder.setting).toContain(placeholder.value ? `"${placeholder.value}"` : 'empty');
  }
  expect(warning).not.toContain('VITE_SITE_URL');
  expect(warning).toContain('STRICT_PLACEHOLDERS=1');
  expect(placeholderWarning(unset, true)).toMatch(/^ERROR: /m);
});
