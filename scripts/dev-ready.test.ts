import { describe, expect, it } from 'vitest';
import { addressFromLine, pagesToPoll, readyBlock, voiceLine } from './dev-ready.mjs';

const ADDRESSES = {
  site: 'http://127.0.0.1:5173/',
  partner: 'http://127.0.0.1:5174/',
  react: 'http://127.0.0.1:5175/',
  webhook: 'http://127.0.0.1:8787',
  fixture: 'http://127.0.0.1:8790/',
  database: '/repo/hosts/reference/data/webhook-host.db',
};

describe('addressFromLine', () => {
  it("reads vite's Local line through its colours", () => {
    expect(addressFromLine('  \u001b[32m➜\u001b[39m  \u001b[1mLocal\u001b[22m:   \u001b[36mhttp://127.0.0.1:\u001b[1m5173\u001b[22m/\u001b[39m')).toEqual({
      kind: 'local',
      url: 'http://127.0.0.1:5173/',
    });
  });
  it('reads the example servers and the webhook host with its database', () => {
    expect(addressFromLine('script-tag example on http://127.0.0.1:5174/ (strict CSP: /strict-csp), webhooks at x')).toEqual({
      kind: 'partner',
      url: 'http://127.0.0.1:5174/',
    });
    expect(addressFromLine('webhook host listening on http://127.0.0.1:8787 (database /a b/c.db)')).toEqual({
      kind: 'webhook',
      url: 'http://127.0.0.1:8787',
      database: '/a b/c.db',
    });
    expect(addressFromLine('franchise website to type in the demo form: http://127.0.0.1:8790/ (a sample franchisor site)')).toEqual({
      kind: 'fixture',
      url: 'http://127.0.0.1:8790/',
    });
  });
  it('ignores every other line', () => {
    expect(addressFromLine('  ➜  Network: use --host to expose')).toBeUndefined();
    expect(addressFromLine('dist/franchise-ai-demo.js  1.02 kB')).toBeUndefined();
  });
});

describe('voiceLine', () => {
  it('names the variables that turn each kind of call on', () => {
    expect(voiceLine({})).toBe(
      'not live (phone calls: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID; in-browser calls: set VITE_VOICE_PUBLIC_KEY, and VAPI_ASSISTANT_ID or VAPI_PRIVATE_KEY)',
    );
    expect(voiceLine({ VAPI_PRIVATE_KEY: 'k' })).toBe(
      'not live (phone calls: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID; in-browser calls: set VITE_VOICE_PUBLIC_KEY)',
    );
    // A public key alone: the page could start a call, but the host has no assistant to give it.
    expect(voiceLine({ VITE_VOICE_PUBLIC_KEY: 'p' })).toMatch(/^not live .*VAPI_ASSISTANT_ID or VAPI_PRIVATE_KEY\)$/);
    expect(voiceLine({ VITE_VOICE_PUBLIC_KEY: 'p', VAPI_ASSISTANT_ID: 'a' })).toBe('partly live (phone calls: set VAPI_PRIVATE_KEY and VAPI_PHONE_NUMBER_ID)');
    expect(voiceLine({ VAPI_PRIVATE_KEY: 'k', VAPI_PHONE_NUMBER_ID: 'n', VITE_VOICE_PUBLIC_KEY: 'p' })).toBe('live (phone calls and in-browser calls)');
  });
});

describe('readyBlock', () => {
  it('names every address, the voice state, where leads are kept and the command that lists them', () => {
    const block = readyBlock(ADDRESSES, {}, 12.34);
    expect(block).toContain('Ready in 12.3 s');
    for (const url of [
      'http://127.0.0.1:5173/demo',
      'http://127.0.0.1:5173/embed',
      'http://127.0.0.1:5174/strict-csp',
      'http://127.0.0.1:5175/',
      'http://127.0.0.1:8787/',
      'http://127.0.0.1:8790/',
    ])
      expect(block).toContain(url);
    expect(block).toContain('not live');
    expect(block).toContain(`kept in ${ADDRESSES.database}; list them: npx --yes pnpm@10 leads`);
  });
  it('polls every page it names', () => {
    expect(pagesToPoll(ADDRESSES)).toEqual([
      'http://127.0.0.1:5173/',
      'http://127.0.0.1:5173/demo',
      'http://127.0.0.1:5173/embed',
      'http://127.0.0.1:5174/',
      'http://127.0.0.1:5174/strict-csp',
      'http://127.0.0.1:5175/',
      'http://127.0.0.1:8787/',
      'http://127.0.0.1:8790/',
    ]);
  });
});
