import { expect, test } from 'vitest';
import { unreachableSettings, unreachableWarning } from './unreachable-settings.ts';

test('a .test, loopback or .example webhook base or site URL is named, with why', () => {
  const found = unreachableSettings({
    VITE_WEBHOOK_BASE: 'http://webhook-host.test/webhook/franchise-ai',
    VITE_SITE_URL: 'https://franchise-ai.example',
    VITE_CONTACT_EMAIL: 'hello@franchise-ai.example', // a placeholder's business, not this check's
  });
  expect(found).toEqual([
    { setting: 'VITE_WEBHOOK_BASE', value: 'http://webhook-host.test/webhook/franchise-ai', reach: 'test' },
    { setting: 'VITE_SITE_URL', value: 'https://franchise-ai.example', reach: 'example' },
  ]);
  expect(unreachableSettings({ VITE_WEBHOOK_BASE: ' http://127.0.0.1:8787/webhook/franchise-ai ' })).toEqual([
    { setting: 'VITE_WEBHOOK_BASE', value: 'http://127.0.0.1:8787/webhook/franchise-ai', reach: 'loopback' },
  ]);
});

test('public, unset, blank and unparsable values are not this check’s: unset ones are placeholders, an unparsable one meets its own rule', () => {
  expect(
    unreachableSettings({ VITE_WEBHOOK_BASE: 'https://hooks.franchise-ai.com/webhook/franchise-ai', VITE_SITE_URL: 'https://www.franchise-ai.com' }),
  ).toEqual([]);
  expect(unreachableSettings({})).toEqual([]);
  expect(unreachableSettings({ VITE_WEBHOOK_BASE: '  ', VITE_SITE_URL: 'not a url' })).toEqual([]);
});

test('the block names each setting, its value and why, and says whether the build stops', () => {
  const found = unreachableSettings({ VITE_WEBHOOK_BASE: 'http://localhost:5678/webhook/franchise-ai', VITE_SITE_URL: 'https://franchise-ai.test' });
  const warning = unreachableWarning(found, false);
  expect(warning).toMatch(/^WARNING: this build must not ship: 2 settings name addresses no visitor can reach:$/m);
  expect(warning).toMatch(
    /^ {2}VITE_WEBHOOK_BASE = "http:\/\/localhost:5678\/webhook\/franchise-ai": the visitor's own machine \(where \/demo posts every lead\)$/m,
  );
  expect(warning).toMatch(/^ {2}VITE_SITE_URL = "https:\/\/franchise-ai\.test": a \.test name, resolved by the tests alone/m);
  expect(warning).toContain('STRICT_PLACEHOLDERS=1 makes this an error');
  expect(unreachableWarning(found.slice(0, 1), true)).toMatch(
    /^ERROR: this build must not ship: a setting names an address no visitor can reach:\n[\s\S]*the build stops here\.$/m,
  );
});
