import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_REFUSAL } from '@franchise-ai/shared/language';
import { END_CALL_PHRASES_FR, FRENCH_SPEECH } from '@franchise-ai/shared/voice-requests';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { Store } from '../src/store.ts';
import { allRows, consentTextFor, jsonOf, postJson, rowById, validCall, validLead } from './helpers.ts';

// On the stand-in, a French visitor's requests say `language: "fr"`; the host stores it with
// the lead, keeps the French consent text byte for byte as its proof, and creates a French assistant
// (French words, hearing and voice). A request without `language` is English, as before.

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

/** The French consent words the host issues (typeset as shared/french-typography.ts sets French): what the widget sends back. */
const FRENCH_CONSENT = consentTextFor({}, 'fr');

interface Assistant {
  firstMessage: string;
  endCallPhrases: string[];
  transcriber?: unknown;
  voice?: unknown;
  model: { messages: Array<{ content: string }> };
}

describe('a French visitor (language: "fr")', () => {
  const host = useHost(() => ({
    env: { VAPI_API_BASE: provider.url, VAPI_PRIVATE_KEY: 'sk_fr', VAPI_PHONE_NUMBER_ID: 'pn_fr', RATE_LIMIT: 'off' },
  }));

  it('demo_form stores the language with the lead; without one the lead is English', async () => {
    const french = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ language: 'fr' })));
    const english = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead()));
    expect(rowById(host.databasePath, String(french['requestId']))).toMatchObject({ endpoint: 'demo_form', language: 'fr' });
    expect(rowById(host.databasePath, String(english['requestId']))).toMatchObject({ endpoint: 'demo_form', language: 'en' });
    const leads = await fetchLeads(host, 2);
    expect(leads.map((lead) => [lead.id, lead.language])).toEqual([
      [english['requestId'], 'en'],
      [french['requestId'], 'fr'],
    ]);
  });

  it('website_demo_call creates an assistant that speaks, hears and ends in French', async () => {
    const response = await postJson(`${host.webhookBase}/website_demo_call`, validLead({ language: 'fr' }));
    expect(response.status).toBe(200);
    const [created] = provider.requests;
    const assistant = created!.body as Assistant;
    expect(assistant.firstMessage).toMatch(/^Bonjour Ada Lovelace\u202f! Je suis un assistant IA de /);
    expect(assistant.firstMessage).toContain('Cette conversation n’est pas enregistrée');
    expect(assistant.model.messages[0]!.content).toMatch(/^Vous êtes un assistant vocal IA/);
    expect(assistant.transcriber).toEqual(FRENCH_SPEECH.transcriber);
    expect(assistant.voice).toEqual(FRENCH_SPEECH.voice);
    expect(assistant.endCallPhrases).toEqual([...END_CALL_PHRASES_FR]);
  });

  it('trigger_ai_demo_call keeps the French consent byte for byte, with the language, and calls with a French assistant', async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ language: 'fr', phoneNumber: '+33 6 12 34 56 78' }));
    expect(response.status).toBe(200);
    const { requestId } = await jsonOf(response);
    const row = rowById(host.databasePath, String(requestId))!;
    expect(row).toMatchObject({ phone_number: '+33612345678', language: 'fr', outcome: 'call-placed' });
    expect(Buffer.from(row.consent_text!, 'utf8').equals(Buffer.from(FRENCH_CONSENT, 'utf8'))).toBe(true);
    const [lead] = await fetchLeads(host, 1);
    expect(lead).toMatchObject({ id: requestId, consentText: FRENCH_CONSENT, language: 'fr' });

    // One request: the call, with its French assistant inline.
    const [call] = provider.requests;
    expect(provider.requests).toHaveLength(1);
    const { assistant } = call!.body as { assistant: Assistant };
    expect(assistant.firstMessage).toMatch(/^Bonjour Ada Lovelace\u202f! .* et je vous appelle pour la démo Analytical Franchises/);
    expect(assistant).toMatchObject({ transcriber: FRENCH_SPEECH.transcriber, voice: FRENCH_SPEECH.voice, endCallPhrases: [...END_CALL_PHRASES_FR] });
  });

  it('a language other than en or fr is refused in fields.language, on each endpoint, and nothing is stored', async () => {
    const before = allRows(host.databasePath).length;
    for (const [endpoint, body] of [
      ['demo_form', validLead({ language: 'de' })],
      ['website_demo_call', validLead({ language: 'FR' })],
      ['trigger_ai_demo_call', validCall({ language: 1 })],
    ] as const) {
      const response = await postJson(`${host.webhookBase}/${endpoint}`, body);
      expect(response.status).toBe(400);
      expect((await jsonOf(response))['fields']).toEqual({ language: LANGUAGE_REFUSAL });
    }
    expect(allRows(host.databasePath)).toHaveLength(before);
    expect(provider.requests).toEqual([]);
  });
});

describe("the store's language of a demo (demo_status's greeting)", () => {
  it("is its demo_form lead's; English for a row without one", () => {
    const store = new Store(':memory:');
    const row = (id: string, demoId: string, language?: 'en' | 'fr') => ({
      ...(language ? { language } : {}),
      id,
      receivedAt: new Date().toISOString(),
      endpoint: 'demo_form' as const,
      product: 'franchise-ai',
      clientIp: '127.0.0.1',
      name: 'Ada',
      company: 'Analytical',
      email: 'ada@example.com',
      website: null,
      businessType: 'franchisor' as const,
      phoneNumber: null,
      consentText: null,
      demoId,
      outcome: 'received' as const,
      providerId: null,
      error: null,
    });
    store.insert(row('r1', 'a'.repeat(22), 'fr'));
    store.insert(row('r2', 'b'.repeat(22)));
    expect([store.languageOfDemo('a'.repeat(22)), store.languageOfDemo('b'.repeat(22)), store.languageOfDemo('c'.repeat(22))]).toEqual(['fr', 'en', 'en']);
    store.close();
  });
});
