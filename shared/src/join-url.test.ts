import { describe, expect, it } from 'vitest';
import { joinUrl } from './join-url.ts';

describe('joinUrl', () => {
  it.each<[string, string, string]>([
    ['https://h.example/webhook/acme', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['https://h.example/webhook/acme/', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['https://h.example/webhook/acme///', '/demo_form', 'https://h.example/webhook/acme/demo_form'],
    ['http://127.0.0.1:5678/webhook/x', '/trigger_ai_demo_call', 'http://127.0.0.1:5678/webhook/x/trigger_ai_demo_call'],
    ['https://api.vapi.ai', '/assistant', 'https://api.vapi.ai/assistant'],
    ['https://api.vapi.ai/', '/call', 'https://api.vapi.ai/call'],
  ])('%s + %s', (base, path, expected) => {
    expect(joinUrl(base, path)).toBe(expected);
  });
});
