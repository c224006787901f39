import { describe, expect, it } from 'vitest';
import type { ProfileView } from '@franchise-ai/shared/demo-status';
import { MAX_POLL_FAILURES, asksDemoStatus, panelContent, pollDecision, siteName } from './profile-poll.ts';

const reading: ProfileView = { status: 'reading' };
const ready: ProfileView = {
  status: 'ready',
  website: 'https://acme.example',
  description: { kind: 'description', text: 'Bagels since 1990.', source: 'https://acme.example/' },
  facts: [],
  greeting: 'Your website says: Bagels since 1990.',
};
const empty: Extract<ProfileView, { status: 'ready' }> = { status: 'ready', website: 'https://acme.example', description: null, facts: [], greeting: null };
const unavailable: ProfileView = { status: 'unavailable', website: 'https://acme.example', reason: 'robots' };

describe('pollDecision: whether the loading step asks demo_status again', () => {
  it.each<[string, Parameters<typeof pollDecision>[0], number, ReturnType<typeof pollDecision>]>([
    ['asks again while the host reads', { view: reading }, 0, 'ask-again'],
    ['asks again when its answer could not be read', { view: null }, 0, 'ask-again'],
    ['stops once the host has finished, with what it found', { view: ready }, 0, 'done'],
    ['stops once the host has finished, with why not', { view: unavailable }, 2, 'done'],
    ['leaves the panel out at once on a 404: a host without demo_status, or one that does not know the demo', { failedStatus: 404 }, 0, 'leave-out'],
  ])('%s', (_label, answer, failures, decision) => {
    expect(pollDecision(answer, failures)).toBe(decision);
  });
  it('retries other failures, and gives up quietly after a few in a row', () => {
    for (const failedStatus of [0, 429, 500]) {
      expect(pollDecision({ failedStatus }, 0)).toBe('ask-again');
      expect(pollDecision({ failedStatus }, MAX_POLL_FAILURES - 2)).toBe('ask-again');
      expect(pollDecision({ failedStatus }, MAX_POLL_FAILURES - 1)).toBe('give-up');
    }
  });
});

describe('panelContent: what the panel shows', () => {
  const located: ProfileView = { ...empty, facts: [{ kind: 'location', text: 'Denver, CO', source: 'https://acme.example/locations' }] };
  it.each<[string, ProfileView | null, Parameters<typeof panelContent>[1], ReturnType<typeof panelContent>]>([
    ['nothing before the first answer', null, null, 'none'],
    ['nothing after a 404', null, 'leave-out', 'none'],
    ['nothing after giving up', reading, 'give-up', 'none'],
    ['the reading line', reading, null, 'reading'],
    ['then the facts', ready, null, 'facts'],
    ['the facts, a location alone', located, null, 'facts'],
    ['the honest line when the site could not be read', unavailable, null, 'unreadable'],
    ['the honest line when it gave nothing to show', empty, null, 'unreadable'],
  ])('shows %s', (_label, view, stopped, content) => {
    expect(panelContent(view, stopped)).toBe(content);
  });
});

it('asksDemoStatus asks only about a demo the host named, for a website the visitor gave', () => {
  expect(asksDemoStatus('AbCdEfGhIjKlMnOpQrStU_', 'https://acme.example')).toBe(true);
  expect(asksDemoStatus(undefined, 'https://acme.example')).toBe(false);
  expect(asksDemoStatus(null, 'https://acme.example')).toBe(false);
  expect(asksDemoStatus('AbCdEfGhIjKlMnOpQrStU_', undefined)).toBe(false);
  expect(asksDemoStatus('AbCdEfGhIjKlMnOpQrStU_', '  ')).toBe(false);
});

it('siteName names the site by its host, without www.', () => {
  expect(siteName('https://www.acme.example/about')).toBe('acme.example');
  expect(siteName('acme.example')).toBe('acme.example');
  expect(siteName('http://127.0.0.1:4000/')).toBe('127.0.0.1');
});
