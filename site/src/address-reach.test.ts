import { expect, test } from 'vitest';
import { addressReach } from './address-reach.ts';

test.each([
  ['https://hooks.franchise-ai.com/webhook/franchise-ai', 'public'],
  ['https://www.example.com', 'public'], // example.com is a real (IANA) host; only the .example TLD is never anyone's
  ['https://test.com/webhook', 'public'],
  ['http://webhook-host.test/webhook/franchise-ai', 'test'],
  ['https://franchise-ai.test', 'test'],
  ['https://FRANCHISE-AI.TEST./', 'test'],
  ['https://franchise-ai.example', 'example'],
  ['https://hooks.franchise-ai.example/webhook', 'example'],
  ['http://127.0.0.1:8787/webhook/franchise-ai', 'loopback'],
  ['http://127.8.9.10/', 'loopback'],
  ['http://0x7f.1/', 'loopback'],
  ['http://localhost:5678/webhook', 'loopback'],
  ['http://n8n.localhost/webhook', 'loopback'],
  ['http://[::1]:8787/webhook', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'],
  ['hooks.franchise-ai.com/webhook', 'unparsable'],
  ['ftp://hooks.franchise-ai.com/', 'unparsable'],
  ['', 'unparsable'],
] as const)('%s: %s', (value, reach) => expect(addressReach(value)).toBe(reach));
