import { expect, it } from 'vitest';
import { defaultChoice, readQuery } from './embed-choice.ts';
import { linkOverrides, withOwnValues } from './link-overrides.ts';

const DEFAULTS = defaultChoice({ 'webhook-base': 'https://hooks.example.com/webhook/acme', 'public-key': 'pk_site' });

it('names each guarded attribute a link changes from the company’s own, and nothing else', () => {
  const { choice } = readQuery(
    '?webhook-base=https://attacker.example/webhook/x&public-key=pk_other&voice-api-base=https://voice.attacker.example&company-name=Other&privacy-url=https://attacker.example/privacy&business-type=franchisee&home-url=/x',
    DEFAULTS,
  );
  expect(linkOverrides(choice, DEFAULTS)).toEqual([
    { name: 'webhook-base', value: 'https://attacker.example/webhook/x', own: 'https://hooks.example.com/webhook/acme' },
    { name: 'public-key', value: 'pk_other', own: 'pk_site' },
    { name: 'voice-api-base', value: 'https://voice.attacker.example', own: '' },
    { name: 'company-name', value: 'Other', own: 'Franchise AI' },
    { name: 'privacy-url', value: 'https://attacker.example/privacy', own: '' },
  ]);
  expect(withOwnValues(choice, DEFAULTS)).toEqual({ ...choice, attributes: { ...DEFAULTS.attributes, 'business-type': 'franchisee', 'home-url': '/x' } });
});

it('sees nothing in a link that keeps the company’s values (spaces aside) or changes only the look and the side', () => {
  const { choice } = readQuery('?webhook-base=%20https://hooks.example.com/webhook/acme%20&business-type=franchisee&--fad-radius=4px', DEFAULTS);
  expect(linkOverrides(choice, DEFAULTS)).toEqual([]);
});
