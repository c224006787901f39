import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@franchise-ai/shared/demo-status';
import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { firstMessage } from '@franchise-ai/shared/voice-requests';
import { CONGRATULATIONS_AT_MS } from '../figures.ts';
import type { KnownCallTerms } from '../webhooks/call-terms.ts';
import { firstWords, secondsLeft } from './agent-assembly.ts';

const greeted = { name: 'Ana', company: 'Bramblewood Bagels' };
const told: KnownCallTerms = { recorded: false, countries: ['US'], from: 'Acme AI' };
const ready: ProfileView = {
  status: 'ready',
  website: 'https://bagels.example',
  description: null,
  facts: [],
  greeting: 'I see you have locations in Denver and Boulder.',
};
const noProfile = { asked: false, view: null, stopped: null };
const asked = (view: ProfileView | null, stopped: 'leave-out' | 'give-up' | null = null) => ({ asked: true, view, stopped });
/** What the hosts send the provider for a phone call (voice-requests.ts), for this lead and these terms. */
const lead = {
  ...greeted,
  email: 'ana@bagels.example',
  businessType: 'franchisor',
  website: null,
  demoId: null,
  phoneNumber: null,
  consentText: null,
} as const;
const locations = ['Denver', 'Boulder'].map((city) => ({ city, region: 'CO', source: 'https://bagels.example/' }));
const learned: BrandProfile = { status: 'ready', website: 'https://bagels.example', facts: [], locations, pages: [] };
const said = (fact: string | null, terms = told) =>
  firstMessage(lead, { companyName: terms.from!, recordCalls: terms.recorded! }, 'phone', fact === null ? undefined : learned);

describe("firstWords: the agent's opening line as the wait shows it", () => {
  it('without a website to read: the words a phone call opens with, at once', () => {
    expect(firstWords(greeted, told, noProfile)).toEqual({ state: 'line', line: said(null) });
    expect(firstWords(greeted, { ...told, recorded: true }, noProfile)).toEqual({ state: 'line', line: said(null, { ...told, recorded: true }) });
  });
  it('with a website: waits while it is read, then carries the one fact the host chose', () => {
    expect(firstWords(greeted, told, asked(null))).toEqual({ state: 'waiting' });
    expect(firstWords(greeted, told, asked({ status: 'reading' }))).toEqual({ state: 'waiting' });
    expect(firstWords(greeted, told, asked(ready))).toEqual({ state: 'line', line: said('fact') });
    expect(firstWords(greeted, told, asked(ready))).toMatchObject({ line: expect.stringContaining('locations in Denver and Boulder.') });
    const unavailable = asked({ status: 'unavailable', website: 'https://bagels.example', reason: 'robots' });
    expect(firstWords(greeted, told, unavailable)).toEqual({ state: 'line', line: said(null) });
  });
  it('shows nothing it cannot vouch for: a host that did not say whom it speaks for or whether it records, or a fact it could not learn', () => {
    expect(firstWords(greeted, { ...told, from: null }, noProfile)).toEqual({ state: 'none' });
    expect(firstWords(greeted, { ...told, recorded: null }, noProfile)).toEqual({ state: 'none' });
    expect(firstWords(greeted, told, asked(null, 'leave-out'))).toEqual({ state: 'none' });
    expect(firstWords(greeted, told, asked({ status: 'reading' }, 'give-up'))).toEqual({ state: 'none' });
  });
});

it('secondsLeft, the countdown under the bar, counts whole seconds up, from the wait’s start to congratulations, never below 0', () => {
  expect(secondsLeft(1_000, 1_000)).toBe(CONGRATULATIONS_AT_MS / 1000);
  expect(secondsLeft(1_000, 1_001)).toBe(CONGRATULATIONS_AT_MS / 1000);
  expect(secondsLeft(1_000, 1_000 + CONGRATULATIONS_AT_MS - 1)).toBe(1);
  expect(secondsLeft(1_000, 1_000 + CONGRATULATIONS_AT_MS)).toBe(0);
  expect(secondsLeft(1_000, 1_000 + CONGRATULATIONS_AT_MS + 5_000)).toBe(0);
  // A clock that went back (a restored wait on another device's time) shows the whole wait, not more.
  expect(secondsLeft(10_000, 1_000)).toBe(CONGRATULATIONS_AT_MS / 1000);
});
