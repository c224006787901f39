import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { unsourcedFigures } from '@franchise-ai/shared/agent-scenario';
import { DEMO_ID_PATTERN } from '@franchise-ai/shared/demo-id';
import { openingLine } from '@franchise-ai/shared/opening-line';
import { DEMO_STATUS_MESSAGES, type ProfileView } from '@franchise-ai/shared/demo-status';
import { deferred } from '@franchise-ai/test-support/deferred';
import { useFakeVoiceApi } from '@franchise-ai/test-support/fake-voice-api';
import { FRANCHISE_SITES_DIR, serveFixtureSite, type FixtureSite, type FranchiseSiteName } from '@franchise-ai/test-support/franchise-sites';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { poll } from '@franchise-ai/test-support/poll';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { REPLAYED_HEADER } from '../src/idempotency.ts';
import type { StoredRequest } from '../src/store.ts';
import { jsonOf, postJson, rowById, validCall, validLead } from './helpers.ts';

// The website reading against the real stand-in: demo_form starts reading the visitor's website (fixture sites
// on 127.0.0.1, under ALLOW_PRIVATE_WEBSITES=1), demo_status tells the visitor how far it got, and
// the assistant the fake voice API receives knows what was read, or is today's when nothing was.

const provider = useFakeVoiceApi();
beforeEach(() => provider.reset());

const sites = new Map<FranchiseSiteName, FixtureSite>();
beforeAll(async () => {
  for (const name of ['franchisor', 'franchisee', 'script-only', 'robots-disallow', 'oversized', 'private-redirect'] as const)
    sites.set(name, await serveFixtureSite(name));
});
afterAll(async () => {
  for (const site of sites.values()) await site.close();
});
const site = (name: FranchiseSiteName): FixtureSite => sites.get(name)!;

// Behind a "proxy" (TRUST_PROXY=1), so that each demo_status ask below comes from its own client
// and only the rate-limit test's client reaches RATE_LIMIT_DEMO_STATUS: one host for the file.
const host = useHost(() => ({
  env: {
    ...Object.fromEntries(['RATE_LIMIT_DEMO_FORM', 'RATE_LIMIT_ASSISTANT', 'RATE_LIMIT_CALL_IP', 'RATE_LIMIT_CALL_PHONE'].map((name) => [name, 'off'])),
    RATE_LIMIT_DEMO_STATUS: '2/60',
    TRUST_PROXY: '1',
    ALLOW_PRIVATE_WEBSITES: '1',
    VAPI_API_BASE: provider.url,
    VAPI_PRIVATE_KEY: 'test-private-key',
    VAPI_PHONE_NUMBER_ID: 'pn_1',
    VAPI_TIMEOUT_MS: '2000',
  },
}));

let clients = 0;
const status = (demoId: unknown, client = `10.${Math.floor((clients += 1) / 250)}.${clients % 250}.1`) =>
  postJson(`${host.webhookBase}/demo_status`, { demoId }, { 'X-Forwarded-For': client });
const viewOf = async (demoId: string): Promise<ProfileView> => ((await jsonOf(await status(demoId))) as { profile: ProfileView }).profile;

/** demo_form for `website` (none: left out), and what it answered. */
async function demoForm(website: string | undefined, businessType = 'franchisor') {
  const lead = validLead({ website, businessType, company: 'Bramblewood Bagel Co.' });
  if (website === undefined) delete lead['website'];
  const response = await postJson(`${host.webhookBase}/demo_form`, lead);
  expect(response.status).toBe(200);
  const body = await jsonOf(response);
  return { lead, demoId: body['demoId'] as string, requestId: body['requestId'] as string, calls: body['calls'] as { from: string; recorded: boolean } };
}

/** The view once the reading is over, and the profile stored with the lead. */
async function settled(demoId: string, requestId: string): Promise<{ view: ProfileView; profile: BrandProfile }> {
  await poll(async () => (await viewOf(demoId)).status).not.toBe('reading');
  return { view: await viewOf(demoId), profile: JSON.parse(rowById(host.databasePath, requestId)!.profile!) as BrandProfile };
}

/** The system prompt and first message of the assistant website_demo_call creates for `body`. */
async function assistantFor(body: Record<string, unknown>): Promise<{ prompt: string; firstMessage: string }> {
  const response = await postJson(`${host.webhookBase}/website_demo_call`, body);
  expect(response.status).toBe(200);
  const sent = provider.requests.filter((request) => request.path === '/assistant').at(-1)!.body as {
    firstMessage: string;
    model: { messages: { content: string }[] };
  };
  return { prompt: sent.model.messages[0]!.content, firstMessage: sent.firstMessage };
}

const fixtureText = (name: FranchiseSiteName, file: string): string => readFileSync(join(FRANCHISE_SITES_DIR, name, file), 'utf8');

describe('a website that can be read', () => {
  it('franchisor: the assistant knows its description, its locations and its investment range, and no figure that is not on the site', async () => {
    const { lead, demoId, requestId } = await demoForm(`${site('franchisor').url}/`);
    expect(demoId).toMatch(DEMO_ID_PATTERN);
    const { view, profile } = await settled(demoId, requestId);
    expect(view).toMatchObject({ status: 'ready', description: { text: expect.stringContaining('kettle-boiled bagel bakery') } });
    expect(view.status === 'ready' && view.facts.length).toBe(5);

    const { prompt } = await assistantFor({ ...lead, demoId });
    const expected = [
      'Bramblewood Bagel Co. is a kettle-boiled bagel bakery and coffee franchise',
      'Boulder, CO',
      'Fort Collins, CO',
      'Boise, ID',
      '$285,000 – $465,000',
    ];
    for (const words of expected) expect(prompt).toContain(words);
    // Each of them is the site's own.
    const siteText = ['index.html', 'locations.html', 'own-a-franchise.html'].map((file) => fixtureText('franchisor', file)).join('\n');
    for (const words of ['kettle-boiled bagel bakery and coffee franchise', 'Fort Collins', 'Boise', '$285,000 – $465,000']) expect(siteText).toContain(words);
    expect(unsourcedFigures(prompt, profile)).toEqual([]);
  });

  it('franchisee: the assistant knows its hours and services; trigger_ai_demo_call gives the phone assistant the same', async () => {
    const { lead, demoId, requestId, calls } = await demoForm(`${site('franchisee').url}/`, 'franchisee');
    const { view } = await settled(demoId, requestId);
    expect(view.status).toBe('ready');
    const { prompt } = await assistantFor({ ...lead, demoId });
    for (const words of ['Tuesday – Friday: 9 am – 7 pm', 'Balayage', "Women's cut & style"]) expect(prompt).toContain(words);

    const call = await postJson(`${host.webhookBase}/trigger_ai_demo_call`, validCall({ ...lead, demoId }));
    expect(call.status).toBe(200);
    // The phone call carries its assistant, which knows the same, and whose first message names a true fact of the site too.
    expect(provider.requests.filter((request) => request.path === '/assistant')).toHaveLength(1);
    const phone = (provider.requests.find((request) => request.path === '/call')!.body as { assistant: { firstMessage: string } }).assistant;
    expect(JSON.stringify(phone)).toContain('Balayage');
    const { firstMessage } = phone;
    expect(firstMessage).toContain('A neighbourhood hair studio in downtown Bend');
    // Word for word what the widget's wait typed out, from demo_form's and demo_status's answers.
    const greeting = view.status === 'ready' ? view.greeting : null;
    expect(firstMessage).toBe(
      openingLine(lead as { name: string; company: string }, { companyName: calls.from, recordCalls: calls.recorded }, 'phone', greeting),
    );
    // The call's row is linked to the lead by its demoId.
    expect(rowById(host.databasePath, ((await jsonOf(call)) as { requestId: string }).requestId)!.demo_id).toBe(demoId);
  });

  it('demo_form answers while the site is still being read: the home page is held until its answer has arrived, which takes under 500 ms', async () => {
    const release = deferred<void>();
    const held = await serveFixtureSite('franchisor', { hold: (pathname) => (pathname === '/' ? release.promise : undefined) });
    try {
      const started = performance.now();
      const { demoId, requestId } = await demoForm(`${held.url}/`);
      const answeredMs = performance.now() - started;
      // The budget: the visitor's form is answered within 500 ms, however slow the site.
      expect(answeredMs).toBeLessThan(500);
      expect(await viewOf(demoId)).toEqual({ status: 'reading' });
      await poll(() => held.requests).toContain('GET /');
      expect(await viewOf(demoId)).toEqual({ status: 'reading' });
      release.resolve();
      expect((await settled(demoId, requestId)).view.status).toBe('ready');
    } finally {
      release.resolve();
      await held.close();
    }
  });
});

describe('a website that gives no profile: the demo goes on with today’s assistant', () => {
  it.each([
    ['script-only', 'nearly-empty'],
    ['robots-disallow', 'robots'],
    ['oversized', 'too-large'],
    ['private-redirect', 'refused-address'],
  ] as const)('%s: unavailable (%s), and the prompt is the one without a profile', async (name, reason) => {
    const { lead, demoId, requestId } = await demoForm(`${site(name).url}/`);
    const { view } = await settled(demoId, requestId);
    expect(view).toEqual({ status: 'unavailable', website: `${site(name).url}/`, reason });
    const today = await assistantFor(lead);
    expect(await assistantFor({ ...lead, demoId })).toEqual(today);
  });

  it('private-redirect: the redirect is not followed (10.0.0.5 is refused before any connection)', () => {
    // The reader judges every hop's address before fetching it; the fetcher's own refusal in its
    // lookup is proved in page-fetcher.test.ts. Here: the fixture saw only the reader's own requests.
    expect(site('private-redirect').requests).toEqual(['GET /robots.txt', 'GET /']);
  });

  it('no website: unavailable at once (no-website); a later request naming an unknown demoId is answered as today', async () => {
    const { lead, demoId } = await demoForm(undefined);
    expect(await viewOf(demoId)).toEqual({ status: 'unavailable', website: null, reason: 'no-website' });
    const today = await assistantFor(lead);
    expect(await assistantFor({ ...lead, demoId: 'A'.repeat(22) })).toEqual(today);
  });
});

describe('the lead, its demoId and its profile', () => {
  it('a replayed demo_form (same Idempotency-Key) keeps its demoId: the stored answer is replayed', async () => {
    const headers = { 'Idempotency-Key': 'profile-replay-0001' };
    const body = validLead({ website: `${site('franchisee').url}/` });
    const first = await jsonOf(await postJson(`${host.webhookBase}/demo_form`, body, headers));
    const again = await postJson(`${host.webhookBase}/demo_form`, body, headers);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect((await jsonOf(again))['demoId']).toBe(first['demoId']);
    await settled(first['demoId'] as string, first['requestId'] as string);
  });

  it('GET /leads shows each lead’s profile: its status and how much it found', async () => {
    const leads = await fetchLeads<StoredRequest>(host, 1000);
    const forms = leads.filter((lead) => lead.endpoint === 'demo_form');
    expect(forms.find((lead) => lead.website === `${site('franchisor').url}/`)!.profile).toEqual({ status: 'ready', facts: expect.any(Number), locations: 6 });
    expect(forms.find((lead) => lead.website === `${site('robots-disallow').url}/`)!.profile).toEqual({ status: 'unavailable', reason: 'robots' });
    expect(leads.filter((lead) => lead.endpoint === 'website_demo_call').every((lead) => lead.profile === null)).toBe(true);
  });

  it('a crash and restart leave no profile reading forever: what was being read becomes unavailable (interrupted)', async () => {
    const never = deferred<void>();
    const held = await serveFixtureSite('franchisor', { hold: () => never.promise });
    try {
      const { demoId } = await demoForm(`${held.url}/`);
      await poll(() => held.requests.length).toBeGreaterThan(0);
      // A crash mid-read (SIGKILL): nothing could mark the profile; the next start does.
      await host.kill();
      await host.restart();
      expect(await viewOf(demoId)).toEqual({ status: 'unavailable', website: `${held.url}/`, reason: 'interrupted' });
    } finally {
      never.resolve();
      await held.close();
    }
  });
});

describe('demo_status refusals', () => {
  const ask = (body: unknown) => postJson(`${host.webhookBase}/demo_status`, body, { 'X-Forwarded-For': '192.0.2.77' });

  it('an unknown demoId: 404 that says so; a malformed one: 400 with the field; the third ask in the window: 429', async () => {
    const unknown = await ask({ demoId: 'B'.repeat(22) });
    expect(unknown.status).toBe(404);
    expect(await jsonOf(unknown)).toMatchObject({ error: DEMO_STATUS_MESSAGES.unknown });
    const malformed = await ask({ demoId: 'not-an-id' });
    expect(malformed.status).toBe(400);
    expect(await jsonOf(malformed)).toMatchObject({ fields: { demoId: DEMO_STATUS_MESSAGES.malformedId } });
    // The malformed ask did not count (limits come after validation): this is the second.
    expect((await ask({ demoId: 'B'.repeat(22) })).status).toBe(404);
    const limitedAnswer = await ask({ demoId: 'B'.repeat(22) });
    expect(limitedAnswer.status).toBe(429);
    expect(limitedAnswer.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});
