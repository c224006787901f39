import { beforeEach, describe, expect, it } from 'vitest';
import { CALL_REASONS, type CallTerms } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { allRows, jsonOf, postJson, rowById, validCall, validLead } from './helpers.ts';

// A fair call ceiling and consent the host can vouch for, on the stand-in with a fake voice API that
// records what it receives: an IPv6 client is counted at its /64, /56 and /48 together, one network
// places at most its share of the day's ceiling, and a call is placed only with the consent words the
// host issued in demo_form's answer, which are then its proof.

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const voiceEnv = (extra: Record<string, string>): Record<string, string> => ({
  VAPI_API_BASE: provider.url,
  VAPI_PRIVATE_KEY: 'sk_fair',
  VAPI_PHONE_NUMBER_ID: 'pn_fair',
  TRUST_PROXY: '1',
  ...extra,
});
const placedCalls = () => provider.requests.filter((request) => request.method === 'POST' && request.path === '/call');
/** Each answer's status and, for a 429, its code. */
const outcomes = (responses: Response[]) =>
  Promise.all(
    responses.map(async (response) =>
      response.status === 429 ? `429 ${String((await jsonOf(response))['code'])}` : (await response.body?.cancel(), String(response.status)),
    ),
  );
const tally = (outcomes: string[]) =>
  Object.fromEntries([...new Set(outcomes)].map((outcome) => [outcome, outcomes.filter((each) => each === outcome).length]));

describe("one network's share of the daily ceiling (MAX_CALLS_PER_DAY=30, CALL_NETWORK_SHARE's default 20 %)", () => {
  const host = useHost(() => ({ env: voiceEnv({ MAX_CALLS_PER_DAY: '30' }) }));
  const call = (n: number, client: string) =>
    postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: `+1201555${String(5000 + n)}` }), { 'X-Forwarded-For': client });

  it('45 calls at once from 45 /64s of one /48: 6 placed, 39 refused 429 networkShare; another network still calls', async () => {
    const answers = await Promise.all(Array.from({ length: 45 }, (_, index) => call(index, `2001:db8:4848:${index.toString(16)}::1`)));
    const seen = await outcomes(answers);
    expect(tally(seen)).toEqual({ '200': 6, '429 networkShare': 39 });
    expect(placedCalls()).toHaveLength(6);
    expect(allRows(host.databasePath).filter((row) => row.endpoint === 'trigger_ai_demo_call')).toHaveLength(6);

    const refused = await call(50, '2001:db8:4848:ff::1');
    const seconds = Number(refused.headers.get('retry-after'));
    expect(await jsonOf(refused)).toMatchObject({ error: LIMIT_MESSAGES.networkShare, code: 'networkShare', retryAfterSeconds: seconds });
    expect(seconds).toBeGreaterThan(86_000);
    // The share is per network: a visitor elsewhere is not held back by it.
    expect((await call(51, '2001:db8:9999::1')).status).toBe(200);
    expect((await call(52, '198.51.100.7')).status).toBe(200);
    expect(placedCalls()).toHaveLength(8);
  });
});

describe('an IPv6 client counted at its /64, /56 and /48 together, each against its own limit', () => {
  const host = useHost(() => ({
    env: voiceEnv({ RATE_LIMIT_CALL_IP: '2/600', RATE_LIMIT_CALL_IPV6_56: '3/600', RATE_LIMIT_CALL_IPV6_48: '4/600', CALL_NETWORK_SHARE: 'off' }),
  }));
  let n = 0;
  const call = async (client: string) =>
    (
      await outcomes([
        await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ phoneNumber: `+1201555${String(6000 + n++)}` }), { 'X-Forwarded-For': client }),
      ])
    )[0];

  it('a /64 is stopped at 2, its /56 at 3, its /48 at 4, one after the other; another /48 is not', async () => {
    const seen: Array<[string, string | undefined]> = [];
    for (const client of [
      '2001:db8:7:101::1',
      '2001:db8:7:101::2',
      '2001:db8:7:101::3', // its /64's third
      '2001:db8:7:102::1', // the /56's third
      '2001:db8:7:103::1', // the /56's fourth
      '2001:db8:7:201::1', // the /48's fourth, in another /56
      '2001:db8:7:301::1', // the /48's fifth
      '2001:db8:8:101::1', // another /48
    ])
      seen.push([client, await call(client)]);
    expect(seen.map(([, outcome]) => outcome)).toEqual(['200', '200', '429 client', '200', '429 client', '200', '429 client', '200']);
    expect(placedCalls()).toHaveLength(5);
  });
});

describe('consent the host can vouch for', () => {
  const settings = {
    COMPANY_NAME: 'Acme AI',
    PRIVACY_POLICY_URL: 'https://acme.example/privacy',
    PRIVACY_POLICY_URL_FR: 'https://acme.example/fr/confidentialite',
    RATE_LIMIT: 'off',
  };
  const host = useHost(() => ({ env: voiceEnv(settings) }));
  const consentOf = async (language: 'en' | 'fr') => {
    const answer = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, validLead({ language })));
    return { demoId: String(answer['demoId']), consent: (answer['calls'] as CallTerms).consent };
  };

  it("demo_form's answer carries the words for the lead's language: the company, once, not recorded, the privacy policy", async () => {
    const { consent } = await consentOf('en');
    expect(consent).toEqual({
      disclosure:
        'An AI voice agent from Acme AI will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase.',
      privacyUrl: 'https://acme.example/privacy',
      privacyLabel: 'Privacy policy',
      label: 'I agree to receive this AI demo call',
      text: 'An AI voice agent from Acme AI will call this number once, for this demo. The call is not recorded. Agreeing is not a condition of any purchase. Privacy policy: https://acme.example/privacy\nI agree to receive this AI demo call',
    });
    const french = await consentOf('fr');
    expect(french.consent.disclosure).toMatch(/^Un agent vocal d’intelligence artificielle \(IA\) de Acme AI appellera ce numéro une seule fois/);
    expect(french.consent.text).toContain('Politique de confidentialité\u00a0: https://acme.example/fr/confidentialite\n');
  });

  it.each<[string, (issued: string, french: string) => string, 'en' | 'fr']>([
    ['words the sender typed', () => 'x', 'en'],
    ['the issued words, one letter changed', (issued) => issued.replace('once', 'twice'), 'en'],
    ["another language's words", (_issued, french) => french, 'en'],
    ['the English words for a French lead', (issued) => issued, 'fr'],
  ])('%s: 400 naming consent (consentNotIssued), nothing stored, no POST /call', async (_label, textFrom, language) => {
    const [en, fr] = [await consentOf('en'), await consentOf('fr')];
    const before = allRows(host.databasePath).length;
    provider.reset();
    const body = validCall({ language, demoId: en.demoId, consent: { given: true, text: textFrom(en.consent.text, fr.consent.text) } });
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, body);
    expect(response.status).toBe(400);
    expect(await jsonOf(response)).toMatchObject({
      error: 'Some fields are missing or invalid.',
      fields: { consent: CALL_REASONS.consentNotIssued },
      codes: { consent: 'consentNotIssued' },
    });
    expect(allRows(host.databasePath)).toHaveLength(before);
    expect(placedCalls()).toEqual([]);
  });

  it('the issued words are accepted and stored as the proof, byte for byte, in English and in French', async () => {
    for (const language of ['en', 'fr'] as const) {
      const { demoId, consent } = await consentOf(language);
      const response = await postJson(
        `${host.webhookBase}/trigger_ai_demo_call`,
        validCall({ language, demoId, phoneNumber: language === 'fr' ? '+33 6 12 34 56 78' : '+12015550188', consent: { given: true, text: consent.text } }),
      );
      expect(response.status).toBe(200);
      const { requestId } = await jsonOf(response);
      expect(Buffer.from(rowById(host.databasePath, String(requestId))!.consent_text!, 'utf8').equals(Buffer.from(consent.text, 'utf8'))).toBe(true);
      const [lead] = await fetchLeads(host, 1);
      expect(lead).toMatchObject({ id: requestId, consentText: consent.text, language });
    }
    expect(placedCalls()).toHaveLength(2);
  });

  it("a 400's other fields carry their codes too", async () => {
    const response = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ name: ' ', phoneNumber: '+44 20 7946 0018' }, settings));
    expect(await jsonOf(response)).toMatchObject({ codes: { name: 'nameRequired', phoneNumber: 'phoneNotServed' } });
  });
});
