import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_LIFETIME_MINUTES,
  deleteAfterReport,
  PER_VISITOR_MARK,
  SWEEP_MAX_PAGES,
  SWEEP_PAGE_SIZE,
  sweepAssistants,
  type ProviderAnswer,
  type ProviderRequest,
} from './assistant-cleanup.ts';

// The rules that keep the provider's account clean, against a stub of its API that lists newest
// first and pages by createdAtLt, as `GET /assistant` does.

const NOW = Date.parse('2026-12-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

interface Stub {
  request: ProviderRequest;
  held: Map<string, Record<string, unknown>>;
  calls: string[];
}

function stub(assistants: Array<Record<string, unknown>>, broken: (method: string, path: string) => ProviderAnswer | undefined = () => undefined): Stub {
  const held = new Map(assistants.map((assistant) => [assistant['id'] as string, assistant]));
  const calls: string[] = [];
  const request: ProviderRequest = async (method, path) => {
    calls.push(`${method} ${path}`);
    const fault = broken(method, path);
    if (fault) return fault;
    const [route = '', query = ''] = path.split('?');
    if (method === 'GET' && route === '/assistant') {
      const params = new URLSearchParams(query);
      const before = Date.parse(params.get('createdAtLt')!);
      const listed = [...held.values()]
        .filter((assistant) => Date.parse(assistant['createdAt'] as string) < before)
        .sort((a, b) => Date.parse(b['createdAt'] as string) - Date.parse(a['createdAt'] as string))
        .slice(0, Number(params.get('limit')));
      return { status: 200, body: listed, error: '' };
    }
    const id = decodeURIComponent(route.replace('/assistant/', ''));
    const found = held.get(id);
    if (!found) return { status: 404, body: { message: 'Assistant not found' }, error: '' };
    if (method === 'DELETE') held.delete(id);
    return { status: 200, body: found, error: '' };
  };
  return { request, held, calls };
}

const marked = (id: string, minutes: number) => ({ id, createdAt: minutesAgo(minutes), metadata: { ...PER_VISITOR_MARK, company: 'Acme' } });
const theirs = (id: string, minutes: number) => ({ id, createdAt: minutesAgo(minutes), metadata: { team: 'sales' } });

describe('sweepAssistants', () => {
  it(`deletes the marked ones older than ${ASSISTANT_LIFETIME_MINUTES} minutes, page after page, and nothing else`, async () => {
    const old = Array.from({ length: 2 * SWEEP_PAGE_SIZE + 30 }, (_, index) => marked(`old_${index}`, ASSISTANT_LIFETIME_MINUTES + 1 + index));
    const kept = [marked('recent', ASSISTANT_LIFETIME_MINUTES - 1), theirs('theirs_old', 500), { id: 'no_metadata', createdAt: minutesAgo(90) }];
    const api = stub([...old, ...kept]);
    expect(await sweepAssistants(api.request, NOW)).toEqual({ deleted: old.length, failed: 0, errors: [] });
    expect([...api.held.keys()].sort()).toEqual(['no_metadata', 'recent', 'theirs_old']);
    expect(api.calls.filter((call) => call.startsWith('GET'))).toHaveLength(3);
    expect(api.calls[0]).toBe(`GET /assistant?createdAtLt=${encodeURIComponent(minutesAgo(ASSISTANT_LIFETIME_MINUTES))}&limit=${SWEEP_PAGE_SIZE}`);
  });

  it(`reads at most ${SWEEP_MAX_PAGES} pages a sweep, however many assistants the account holds`, async () => {
    const many = Array.from({ length: (SWEEP_MAX_PAGES + 2) * SWEEP_PAGE_SIZE }, (_, index) =>
      theirs(`theirs_${index}`, ASSISTANT_LIFETIME_MINUTES + 1 + index),
    );
    const api = stub([...many, marked('oldest', 100_000)]);
    expect(await sweepAssistants(api.request, NOW)).toMatchObject({ deleted: 0, failed: 0 });
    expect(api.calls).toHaveLength(SWEEP_MAX_PAGES);
  });

  it('counts what it could not do and says why, and goes on with the rest', async () => {
    const api = stub([marked('a', 90), marked('b', 91)], (method, path) =>
      method === 'DELETE' && path === '/assistant/a' ? { status: 500, body: null, error: '' } : undefined,
    );
    expect(await sweepAssistants(api.request, NOW)).toEqual({ deleted: 1, failed: 1, errors: ['DELETE /assistant/a: answered 500'] });
    const down = stub([], () => ({ status: null, body: null, error: 'GET /assistant failed: connect ECONNREFUSED' }));
    expect(await sweepAssistants(down.request, NOW)).toEqual({
      deleted: 0,
      failed: 1,
      errors: ['GET /assistant: GET /assistant failed: connect ECONNREFUSED'],
    });
  });
});

describe('deleteAfterReport', () => {
  it('deletes a per-visitor assistant; keeps the configured one, any unmarked one, and a call without one; one gone is as good', async () => {
    const api = stub([marked('visitor', 5), theirs('dashboard', 5), marked('configured', 5)]);
    expect(await deleteAfterReport(api.request, 'visitor', 'configured')).toEqual({ outcome: 'deleted', error: '' });
    expect(await deleteAfterReport(api.request, 'visitor', 'configured')).toEqual({ outcome: 'gone', error: '' });
    expect(await deleteAfterReport(api.request, 'dashboard', 'configured')).toEqual({ outcome: 'kept', error: '' });
    expect(await deleteAfterReport(api.request, 'configured', 'configured')).toEqual({ outcome: 'kept', error: '' });
    expect(await deleteAfterReport(api.request, null, undefined)).toEqual({ outcome: 'kept', error: '' });
    expect([...api.held.keys()].sort()).toEqual(['configured', 'dashboard']);
    // The configured one is never even looked up.
    expect(api.calls.filter((call) => call.includes('configured'))).toEqual([]);
  });

  it('a provider that does not answer: failed, with the reason', async () => {
    const api = stub([marked('visitor', 5)], () => ({ status: null, body: null, error: 'GET /assistant/visitor failed: timeout' }));
    expect(await deleteAfterReport(api.request, 'visitor', undefined)).toEqual({
      outcome: 'failed',
      error: 'GET /assistant/visitor: GET /assistant/visitor failed: timeout',
    });
  });
});
