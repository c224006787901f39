import { afterAll, beforeAll, expect, test } from 'vitest';
import { callPolicyFromEnv, consentFor } from '@franchise-ai/shared/call-policy';
import { LIMIT_MESSAGES } from '@franchise-ai/shared/rate-limits';
import { ensureN8n } from '@franchise-ai/n8n-workflows/ensure-n8n';
import { startN8n, type N8nProcess } from '@franchise-ai/test-support/n8n-process';
import { WEB_CALL_URL } from '@franchise-ai/test-support/fake-voice-api';
import { ASSISTANT_ID, clickForStatus, copy, dataStep, endCall, PHONE, poll, PUBLIC_KEY, reachCongratulations, recordedEvents } from '../support/index.ts';
import { scheduleFromCongratulations, startCall, useSuite, VISITOR } from '../support/index.ts';

// The built widget against the committed n8n workflows on n8n 2.8.4, the voice provider and Daily faked; no stand-in.
const suite = useSuite({ build: 'test-dist', voiceApi: true, hosts: {} });
const PRIVATE_KEY = 'sk_test_widget_n8n';
const PHONE_NUMBER_ID = 'pn_test_widget_n8n';
let n8n: N8nProcess;
// A start still under way after the tests (a timed-out beforeAll) is aborted and awaited, so it stops its n8n before the worker exits.
const starting = new AbortController();
let started: Promise<N8nProcess> | undefined;

beforeAll(async () => {
  started = startN8n({
    bin: ensureN8n(),
    // Only the partner page's origin may post; the assistant is made per visitor (no VAPI_ASSISTANT_ID).
    env: {
      VAPI_API_BASE: suite.voiceApi.url,
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      CORS_ORIGINS: new URL(suite.server.url).origin,
    },
    signal: starting.signal,
  });
  n8n = await started;
  // n8n's first lead starts its task runner and table (over 10 s on a loaded 2-core machine): stored here, so the tests time the widget.
  const warmUp = await fetch(`${n8n.webhookBase}/demo_form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: new URL(suite.server.url).origin },
    body: JSON.stringify({ ...VISITOR, website: `https://${VISITOR.website}`, email: 'warm-up@acme.com' }),
  });
  expect(warmUp.status, `${await warmUp.text()}\n${n8n.output()}`).toBe(200);
}, 180_000);

afterAll(async () => {
  starting.abort();
  await started?.catch(() => undefined);
  await n8n?.stop();
});
const openPartnerPage = () => suite.page({ webhookBase: n8n.webhookBase, clock: true });
const voiceRequests = (method: string, path: string) => suite.voiceApi.requests.filter((request) => request.method === method && request.path === path);

test("form → loading → congratulations → Call Me → 'Call Scheduled!', and n8n places the call at the voice provider; then the browser call: 'Assistant ready' with the assistant n8n made for the visitor, the call starting at /call/web", async () => {
  const { page, consoleErrors } = await openPartnerPage();
  await reachCongratulations(page);
  expect(await recordedEvents(page, 'submit')).toHaveLength(1);
  await scheduleFromCongratulations(page);
  expect(await dataStep(page)).toBe('call-scheduled');
  // n8n answered 202 only after the provider took the call, so the page is told ok: true.
  await poll(async () => (await recordedEvents(page, 'call-requested')).map((event) => event.detail)).toEqual([{ ok: true, refused: false, placed: true }]);
  const calls = voiceRequests('POST', '/call');
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    authorization: `Bearer ${PRIVATE_KEY}`,
    body: { phoneNumberId: PHONE_NUMBER_ID, customer: { number: PHONE.e164, name: VISITOR.name } },
  });
  await clickForStatus(page, copy.talkInBrowser, copy.statusAssistantReady);
  await page.waitForFunction(() => window.__fakeDaily !== undefined);
  // website_demo_call made a personalised assistant with the private key, and answered its id...
  const made = voiceRequests('POST', '/assistant');
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ authorization: `Bearer ${PRIVATE_KEY}` });
  expect(JSON.stringify(made[0]!.body)).toContain(VISITOR.company);
  // (The fake voice API holds what it made: a call naming any other assistant would be refused.)
  const [assistant, ...more] = suite.voiceApi.assistants().filter((held) => held.id !== ASSISTANT_ID);
  expect(more).toEqual([]);
  // ...which the page's voice SDK starts, with the public key, never the private one.
  await startCall(page);
  const webCalls = suite.voiceApi.webCallRequests();
  expect(webCalls).toHaveLength(1);
  expect(webCalls[0]).toMatchObject({ authorization: `Bearer ${PUBLIC_KEY}`, body: { assistantId: assistant!.id } });
  expect(await page.evaluate(() => window.__fakeDaily!.log.joins.map((join) => join.url))).toEqual([WEB_CALL_URL]);
  await endCall(page);
  expect(consoleErrors).toEqual([]);
});

// Without TRUST_PROXY every visitor is the one client 'unknown', whatever address a request claims (integrations/n8n/README.md).
test('without TRUST_PROXY, six call requests claiming six addresses are one client: the per-client limit (5) refuses one', async () => {
  const statuses: number[] = [];
  const errors: unknown[] = [];
  for (let index = 1; index <= 6; index++) {
    const response = await fetch(`${n8n.webhookBase}/trigger_ai_demo_call`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: new URL(suite.server.url).origin,
        'X-Forwarded-For': `203.0.113.${index}`,
        'X-Real-IP': `192.0.2.${index}`,
      },
      body: JSON.stringify({
        ...VISITOR,
        website: `https://${VISITOR.website}`,
        phoneNumber: `+1201555${6200 + index}`,
        // The words these workflows issue with their default settings: the one text they accept.
        consent: { given: true, text: consentFor(callPolicyFromEnv({}), 'en').text },
      }),
    });
    statuses.push(response.status);
    if (response.status === 429) errors.push(((await response.json()) as { error: unknown }).error);
  }
  // Had the made-up addresses counted, all six would have been placed.
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
  expect(new Set(errors)).toEqual(new Set([LIMIT_MESSAGES.client]));
});
