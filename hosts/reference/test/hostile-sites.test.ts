import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { READ_DEADLINE_MS } from '@franchise-ai/shared/site-reader';
import { serveFixtureSite, type FixtureSite } from '@franchise-ai/test-support/franchise-sites';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { STALL_MS } from '../src/read-progress.ts';
import { fixtureSite, html, type FixtureSite as Site, type Route } from './fixture-site.ts';
import { jsonOf, postJson, rowById, validLead } from './helpers.ts';

// What a stranger's website can cost the real stand-in: a site of pages that cost CPU to parse
// leaves the host answering everyone, and sites that answer a byte a second do not hold the reads
// of other visitors. Behind a "proxy" (TRUST_PROXY=1), so that each request below comes from the
// client the test says.

const host = useHost(() => ({
  env: {
    ...Object.fromEntries(['RATE_LIMIT_DEMO_FORM', 'RATE_LIMIT_DEMO_STATUS'].map((name) => [name, 'off'])),
    TRUST_PROXY: '1',
    ALLOW_PRIVATE_WEBSITES: '1',
  },
}));

let clients = 0;
/** A client address of its own, as the proxy reports it. */
const newClient = () => `10.77.${Math.floor((clients += 1) / 250)}.${clients % 250}`;

/** demo_form for `website` from `client`: its demoId and requestId, and how long the answer took. */
async function demoForm(website: string | undefined, client = newClient()) {
  const started = performance.now();
  const lead = validLead({ website, email: `visitor-${clients}@example.com` });
  if (website === undefined) delete lead['website'];
  const response = await postJson(`${host.webhookBase}/demo_form`, lead, { 'X-Forwarded-For': client });
  const body = await jsonOf(response);
  expect(response.status).toBe(200);
  return { demoId: body['demoId'] as string, requestId: body['requestId'] as string, ms: performance.now() - started };
}

/** demo_status of `demoId`: the profile's status, and how long the answer took. */
async function demoStatus(demoId: string) {
  const started = performance.now();
  const response = await postJson(`${host.webhookBase}/demo_status`, { demoId }, { 'X-Forwarded-For': newClient() });
  const body = (await jsonOf(response)) as { profile?: { status: string } };
  return { status: body.profile?.status, ms: performance.now() - started };
}

/** Resolves with the lead's stored profile once it is no longer 'reading', polling every 100 ms until `withinMs`. */
async function settledProfile(requestId: string, withinMs: number): Promise<BrandProfile> {
  const until = performance.now() + withinMs;
  for (;;) {
    const stored = rowById(host.databasePath, requestId)?.profile;
    if (stored) return JSON.parse(stored) as BrandProfile;
    if (performance.now() > until) throw new Error(`the profile of ${requestId} was still reading after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a site of 9 pages of 100,000 nested <div>s each', () => {
  const NESTED = '<div>'.repeat(100_000);
  const MORE = ['/own-a-franchise', '/locations', '/about', '/services', '/contact', '/hours', '/book', '/menu'];
  let deep: Site;
  beforeAll(async () => {
    const routes: Record<string, Route> = {
      // The links first, so the home page's choice finds them all before the nesting.
      '/': html(`${MORE.map((path) => `<a href="${path}">${path.slice(1)}</a>`).join('')}${NESTED}`),
    };
    for (const path of MORE) routes[path] = html(`<p>${path}</p>${NESTED}`);
    deep = await fixtureSite(routes);
  });
  afterAll(() => deep.stop());

  it("leaves /healthz, other visitors' demo_form and demo_status answering within 1 s, and the read ends by its deadline", async () => {
    const other = await demoForm(undefined);
    const read = await demoForm(`${deep.url}/`);
    const readStarted = performance.now();
    const healthz: number[] = [];
    const forms: number[] = [];
    const statuses: number[] = [];
    let profile: BrandProfile | undefined;
    let readMs = 0;
    const settled = settledProfile(read.requestId, READ_DEADLINE_MS + 5_000).then((stored) => {
      readMs = performance.now() - readStarted;
      profile = stored;
    });
    // /healthz every ~100 ms, and another visitor's demo_form and demo_status every ~300 ms, until
    // the read is over (and for at least 1.5 s, so that a read ending at once still shows the host free).
    while (profile === undefined || performance.now() - readStarted < 1_500) {
      const started = performance.now();
      const answer = await fetch(`${host.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      expect(answer.status).toBe(200);
      await answer.body?.cancel();
      healthz.push(performance.now() - started);
      if (healthz.length % 3 === 0) {
        forms.push((await demoForm(undefined)).ms);
        const status = await demoStatus(other.demoId);
        expect(status.status).toBe('unavailable');
        statuses.push(status.ms);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settled;
    // Every page was asked for: the reader did all of the work it would do for any site.
    expect(
      deep
        .paths()
        .filter((path) => path !== '/robots.txt')
        .sort(),
    ).toEqual(['/', ...MORE].sort());
    expect(profile).toMatchObject({ website: `${deep.url}/` });
    expect(readMs).toBeLessThan(READ_DEADLINE_MS + 1_000);
    expect(healthz.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...healthz)).toBeLessThan(1_000);
    expect(Math.max(...forms)).toBeLessThan(1_000);
    expect(Math.max(...statuses)).toBeLessThan(1_000);
    console.log(
      `9 nested pages: read ${Math.round(readMs)} ms; /healthz ${healthz.length} polls, slowest ${Math.round(Math.max(...healthz))} ms; ` +
        `demo_form slowest ${Math.round(Math.max(...forms))} ms, demo_status slowest ${Math.round(Math.max(...statuses))} ms`,
    );
  }, 40_000);
});

describe('sites that answer a byte a second', () => {
  /** Every path: a 200 whose body comes one byte a second, for as long as the reader waits. */
  const byteASecond: Route = (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const drip = setInterval(() => response.write('<'), 1_000);
    response.on('close', () => clearInterval(drip));
  };
  let slow: Site;
  let honest: FixtureSite;
  beforeAll(async () => {
    slow = await fixtureSite({ '/': byteASecond, '/robots.txt': byteASecond });
    honest = await serveFixtureSite('franchisor');
  });
  afterAll(async () => {
    await Promise.all([slow.stop(), honest.close()]);
  });

  it("four forms from four clients hold every slot only until they stall: the visitor's read starts then, long before the deadline", async () => {
    const slowLeads = await Promise.all(Array.from({ length: 4 }, () => demoForm(`${slow.url}/`)));
    const visitor = await demoForm(honest.url);
    const started = performance.now();
    const profile = await settledProfile(visitor.requestId, READ_DEADLINE_MS);
    const waited = performance.now() - started;
    expect(profile.status).toBe('ready');
    expect(waited).toBeLessThan(STALL_MS + 4_000);
    // The slow reads ended, each as a read that ran out of time: no lead is left reading.
    for (const lead of slowLeads) expect(await settledProfile(lead.requestId, 5_000)).toMatchObject({ status: 'unavailable', reason: 'timeout' });
    console.log(`byte-a-second sites from four clients: the visitor's profile after ${Math.round(waited)} ms`);
  }, 30_000);

  // After the test above: its slow reads are over, and no slot is held when this one starts.
  it("four forms from one client naming one hold one read slot: another visitor's profile is read at once", async () => {
    const attacker = newClient();
    for (let form = 0; form < 4; form++) await demoForm(`${slow.url}/`, attacker);
    const visitor = await demoForm(honest.url);
    const started = performance.now();
    const profile = await settledProfile(visitor.requestId, 10_000);
    expect(profile.status).toBe('ready');
    // Nowhere near a slow read's give-up: the visitor did not wait on any of them.
    expect(performance.now() - started).toBeLessThan(STALL_MS);
  }, 20_000);
});
