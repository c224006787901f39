import { afterAll, describe, expect, it } from 'vitest';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { startHost, type SpawnedHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, validCall, validLead } from './helpers.ts';

// On the running stand-in: every body it sends the provider, in the combinations of its
// settings that change one (call reports on, RECORD_CALLS=1, VAPI_ASSISTANT_ID, each on its own and
// all together) and of the visitor's (side, language, a 46-character name, a name with Liquid in it),
// taken by the fake, which refuses what the provider's published description refuses. The same
// bodies with a website profile, and the credential, are shared/src/voice-bodies.test.ts's.

const OPERATOR = 'asst_operator';
const provider = useFakeVoiceApi({ assistants: [OPERATOR] });

const reports = { PUBLIC_WEBHOOK_BASE: 'https://demo.public.example/webhook/franchise-ai', VAPI_SERVER_SECRET: 'bodies-secret-0123456789abcdef0123' };
const SETTINGS: Record<string, Record<string, string>> = {
  plain: {},
  reports,
  recorded: { RECORD_CALLS: '1' },
  configured: { VAPI_ASSISTANT_ID: OPERATOR },
  'all together': { ...reports, RECORD_CALLS: '1', VAPI_ASSISTANT_ID: OPERATOR },
};
const NAMES = ['Ada Lovelace', 'Maximiliana Theodora Wilhelmina von Hohenstein', '{{ secret }} {% raw %}Ada'];

const hosts: SpawnedHost[] = [];
afterAll(() => Promise.all(hosts.map((host) => host.stop())));

describe('every body the stand-in sends, in every combination of settings and visitor', () => {
  it.each(Object.entries(SETTINGS))('%s: each taken by the provider', async (_, settings) => {
    const host = await startHost({
      env: { RATE_LIMIT: 'off', VAPI_API_BASE: provider.url, VAPI_PRIVATE_KEY: 'test-private-key', VAPI_PHONE_NUMBER_ID: 'pn_123', ...settings },
    });
    hosts.push(host);
    provider.reset();
    let expected = 0;
    for (const businessType of ['franchisor', 'franchisee'])
      for (const language of ['en', 'fr'])
        for (const name of NAMES) {
          const lead = { businessType, name, ...(language === 'fr' ? { language } : {}) };
          const browser = await postJson(`${host.webhookBase}/website_demo_call`, validLead(lead));
          expect(browser.status, await browser.clone().text()).toBe(200);
          const phone = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ ...lead, phoneNumber: '+12016234567' }, settings));
          expect((await jsonOf(phone))['status']).toBe('placed');
          expected += settings['VAPI_ASSISTANT_ID'] ? 1 : 2;
        }
    const bodies = provider.requests.filter((request) => request.method === 'POST');
    expect(bodies).toHaveLength(expected);
    expect(bodies.filter((request) => request.refused.length > 0).map((request) => request.refused)).toEqual([]);
  });
});
