import { describe, expect, test } from 'vitest';
import type { ProfileFact, ReadyProfile } from './brand-profile.ts';
import { MAX_VIEW_FACTS, callView, checkDemoStatusBody, profileView } from './demo-status.ts';
import { validateBody } from './request-body.ts';
import { callPolicyFromEnv } from './call-policy.ts';

const source = 'https://bagels.example/';
const fact = (kind: ProfileFact['kind'], text: string): ProfileFact => ({ kind, text, source });
const ready = (facts: ProfileFact[], cities: string[] = []): ReadyProfile => ({
  status: 'ready',
  website: 'https://bagels.example',
  name: 'Bramblewood',
  facts,
  locations: cities.map((city) => ({ city, region: 'CO', source: `${source}locations` })),
  pages: [source],
});

describe('profileView: what the visitor sees', () => {
  test('null is still reading', () => {
    expect(profileView(null)).toEqual({ status: 'reading' });
  });

  test('an unavailable profile says why, and nothing else', () => {
    expect(profileView({ status: 'unavailable', website: 'https://x.example', reason: 'robots' })).toEqual({
      status: 'unavailable',
      website: 'https://x.example',
      reason: 'robots',
    });
  });

  test('a ready profile with nothing usable is shown as nearly empty, as the prompt treats it', () => {
    expect(profileView(ready([]))).toEqual({ status: 'unavailable', website: 'https://bagels.example', reason: 'nearly-empty' });
  });

  test("the description and the best five facts, each kind once before any twice, each with its page: a franchisor's offer first", () => {
    const view = profileView(
      ready(
        [
          fact('description', 'Kettle-boiled bagels.'),
          fact('service', 'Bagels'),
          fact('service', 'Coffee'),
          fact('investment', '$250,000 to $400,000'),
          fact('telephone', '555-0100'),
          fact('email', 'a@bagels.example'),
          fact('hours', 'Mo-Fr 7-15'),
        ],
        ['Denver', 'Boulder'],
      ),
    );
    expect(view).toEqual({
      status: 'ready',
      website: 'https://bagels.example',
      name: 'Bramblewood',
      description: { kind: 'description', text: 'Kettle-boiled bagels.', source },
      facts: [
        { kind: 'investment', text: '$250,000 to $400,000', source },
        { kind: 'location', text: 'Denver, CO', source: `${source}locations` },
        { kind: 'service', text: 'Bagels', source },
        { kind: 'hours', text: 'Mo-Fr 7-15', source },
        { kind: 'telephone', text: '555-0100', source },
      ],
      greeting: 'Your website says: Kettle-boiled bagels.',
    });
    expect(view.status === 'ready' && view.facts.length).toBe(MAX_VIEW_FACTS);
  });

  test('a second of a kind fills the panel when the kinds run out; a fact without an http(s) page is left out', () => {
    const view = profileView(
      ready([fact('service', 'Bagels'), fact('service', 'Coffee'), { kind: 'service', text: 'Lox', source: 'javascript:alert(1)' }], ['Denver', 'Boulder']),
    );
    expect(view.status === 'ready' && view.facts.map((shown) => shown.text)).toEqual(['Denver, CO', 'Bagels', 'Boulder, CO', 'Coffee']);
    expect(view.status === 'ready' && view.description).toBeNull();
    // The first words' fact, as the agent will say it: the places, since there is no description.
    expect(view.status === 'ready' && view.greeting).toBe('I see you have locations in Denver and Boulder.');
  });
});

describe('the best five', () => {
  const shown = (profile: ReadyProfile) => {
    const view = profileView(profile);
    return view.status === 'ready' ? view.facts.map(({ kind, text }) => `${kind}: ${text}`) : [];
  };

  test("a franchisor's profile: investment, fee and royalty, each with its figure before words about it, then places and services; support last", () => {
    expect(
      shown(
        ready(
          [
            fact('support', 'Pre-opening training'),
            fact('telephone', '555-0100'),
            fact('service', 'Bagels'),
            fact('royalty', 'Royalties are paid monthly.'),
            fact('royalty', 'Royalty of 6% of gross sales'),
            fact('franchise-fee', 'Franchise fee $35,000'),
            fact('investment', 'Total investment $613,000–$1,137,500'),
          ],
          ['Denver'],
        ),
      ),
    ).toEqual([
      'investment: Total investment $613,000–$1,137,500',
      'franchise-fee: Franchise fee $35,000',
      'royalty: Royalty of 6% of gross sales',
      'location: Denver, CO',
      'service: Bagels',
    ]);
  });

  test("any other profile: places, what it sells, when and how to reach it; the site's order within a kind", () => {
    expect(
      shown(
        ready(
          [fact('email', 'a@bagels.example'), fact('telephone', '555-0100'), fact('hours', 'Mo-Fr 7-15'), fact('service', 'Bagels'), fact('service', 'Coffee')],
          ['Denver'],
        ),
      ),
    ).toEqual(['location: Denver, CO', 'service: Bagels', 'hours: Mo-Fr 7-15', 'telephone: 555-0100', 'email: a@bagels.example']);
  });

  test('never a cut sentence: a long fact shows its first whole sentences, or not at all; a denied figure is no fact', () => {
    const long = `Fresh bagels every morning. ${'We bake them in a kettle and a wood oven, slowly, by hand, '.repeat(4)}.`;
    const view = profileView(
      ready([fact('description', long), fact('service', 'x'.repeat(250)), fact('service', 'Coffee'), fact('investment', 'We are not a $300k investment.')]),
    );
    expect(view).toMatchObject({
      description: { text: 'Fresh bagels every morning.' },
      facts: [{ kind: 'service', text: 'Coffee', source }],
    });
  });
});

describe('the demo_status body and the demoId on later requests', () => {
  const demoId = 'AAAAAAAAAAAAAAAAAAAAAA';
  const lead = { name: 'Ana', company: 'Bramblewood', email: 'ana@bagels.example', businessType: 'franchisor' };
  const policy = { ...callPolicyFromEnv({}), countries: ['US'] };

  test('demo_status takes an object with a well-formed demoId', () => {
    expect(validateBody('demo_status', { demoId })).toEqual({ ok: true, demoId, webCallId: null });
    expect(checkDemoStatusBody({ demoId: 'short' })).toEqual({ ok: false, fields: { demoId: expect.stringContaining('22-character') } });
    expect(checkDemoStatusBody([demoId])).toEqual({ ok: false, fields: { body: 'The body must be a JSON object.' } });
  });

  test('website_demo_call may carry a demoId, format-checked; without one, null', () => {
    expect(validateBody('website_demo_call', { ...lead, demoId }, policy)).toMatchObject({ ok: true, lead: { demoId } });
    expect(validateBody('website_demo_call', lead, policy)).toMatchObject({ ok: true, lead: { demoId: null } });
    expect(validateBody('website_demo_call', { ...lead, demoId: 'x' }, policy)).toEqual({
      ok: false,
      fields: { demoId: expect.stringContaining('left out') },
      codes: {},
    });
  });

  test('demo_form ignores a demoId: the host makes it', () => {
    expect(validateBody('demo_form', { ...lead, demoId }, policy)).toMatchObject({ ok: true, lead: { demoId: null } });
  });
});

describe('callView: the phone call a demo asked for', () => {
  const requestedAt = '2026-11-26T09:00:00.000Z';
  const at = (seconds: number) => new Date(Date.parse(requestedAt) + seconds * 1000).toISOString();

  test('nothing reported: no view', () => {
    expect(callView(requestedAt, [])).toBeNull();
  });

  test('queued only: no seconds to ringing yet', () => {
    expect(callView(requestedAt, [{ status: 'queued', at: at(1) }])).toEqual({ status: 'queued', secondsToRinging: null });
  });

  test('ringing 7.4 s after the request: 7 seconds, and the latest status is the one furthest along, in any order', () => {
    expect(
      callView(requestedAt, [
        { status: 'in-progress', at: at(15) },
        { status: 'ringing', at: at(7.4) },
        { status: 'queued', at: at(1) },
      ]),
    ).toEqual({ status: 'in-progress', secondsToRinging: 7 });
  });

  test('a late ringing after ended does not bring the call back', () => {
    expect(
      callView(requestedAt, [
        { status: 'ended', at: at(200) },
        { status: 'ringing', at: at(3) },
      ]),
    ).toEqual({ status: 'ended', secondsToRinging: 3 });
  });

  test('a ringing before the request (clock skew) or over an hour after it shows no seconds', () => {
    expect(callView(requestedAt, [{ status: 'ringing', at: at(-5) }])!.secondsToRinging).toBeNull();
    expect(callView(requestedAt, [{ status: 'ringing', at: at(3601) }])!.secondsToRinging).toBeNull();
    expect(callView(requestedAt, [{ status: 'ringing', at: at(3600) }])!.secondsToRinging).toBe(3600);
  });
});
