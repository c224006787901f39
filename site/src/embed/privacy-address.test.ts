import { expect, it } from 'vitest';
import { privacyAddress } from './privacy-address.ts';

const published = { kind: 'published', origin: 'https://franchise-ai.example', loaderSrc: '', demoPage: '' } as const;
const local = { kind: 'this-machine', origin: 'http://127.0.0.1:5173', loaderSrc: '', demoPage: '' } as const;

it.each([
  [published, 'en', 'https://franchise-ai.example/privacy'],
  [published, 'fr', 'https://franchise-ai.example/fr/confidentialite'],
  [local, 'en', 'http://127.0.0.1:5173/privacy'],
  [{ kind: 'unset' }, 'en', ''],
] as const)('%j in %s: %s', (address, lang, expected) => {
  expect(privacyAddress(address, lang)).toBe(expected);
});
