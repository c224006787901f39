import { describe, expect, test } from 'vitest';
import { calDavClient, calDavFromEnv, parseMultistatus, type CalDavRequest, type CalDavTransport } from './caldav-client.ts';

const CONFIG = { url: 'https://dav.example/calendars/team/sales/', username: 'team', password: 'pässword' };

/** A transport answering `answer` to every request, and keeping the requests. */
function recording(answer: Awaited<ReturnType<CalDavTransport>> | ((request: CalDavRequest) => Awaited<ReturnType<CalDavTransport>>)) {
  const requests: CalDavRequest[] = [];
  const transport: CalDavTransport = async (request) => {
    requests.push(request);
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { requests, transport };
}

const multistatus = (body: string) => ({ status: 207, headers: { 'content-type': 'application/xml' }, body });

describe('calDavFromEnv', () => {
  test('none without CALDAV_URL; the collection URL ends in a slash', () => {
    expect(calDavFromEnv({})).toBeNull();
    expect(calDavFromEnv({ CALDAV_URL: 'https://dav.example/cal', CALDAV_USERNAME: ' team ', CALDAV_PASSWORD: 'secret ' })).toEqual({
      url: 'https://dav.example/cal/',
      username: 'team',
      password: 'secret ',
    });
  });

  test('a malformed URL, or no credentials, throws naming the variables', () => {
    expect(() => calDavFromEnv({ CALDAV_URL: 'dav.example/cal', CALDAV_USERNAME: 'a', CALDAV_PASSWORD: 'b' })).toThrow(/CALDAV_URL must be the http\(s\) URL/);
    expect(() => calDavFromEnv({ CALDAV_URL: 'https://dav.example/cal' })).toThrow(/CALDAV_USERNAME and CALDAV_PASSWORD/);
  });
});

describe('parseMultistatus', () => {
  test('by namespace, whatever the prefixes; only the properties of a 2xx propstat', () => {
    const xml = `<?xml version="1.0"?>
      <x:multistatus xmlns:x="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
        <x:response><x:href>/cal/a.ics</x:href>
          <x:propstat><x:prop><x:getetag>"1"</x:getetag><cal:calendar-data>BEGIN:VCALENDAR&#13;
END:VCALENDAR</cal:calendar-data></x:prop><x:status>HTTP/1.1 200 OK</x:status></x:propstat>
          <x:propstat><x:prop><cal:calendar-timezone/></x:prop><x:status>HTTP/1.1 404 Not Found</x:status></x:propstat>
        </x:response>
        <response xmlns="DAV:"><href>/cal/b.ics</href><propstat><prop><C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav"><![CDATA[BEGIN:VCALENDAR <&>]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
        <x:response><x:href>/cal/c.ics</x:href><x:propstat><x:prop><other:calendar-data xmlns:other="urn:example:not-caldav">x</other:calendar-data></x:prop><x:status>HTTP/1.1 200 OK</x:status></x:propstat></x:response>
      </x:multistatus>`;
    const responses = parseMultistatus(xml);
    expect(responses.map((response) => response.href)).toEqual(['/cal/a.ics', '/cal/b.ics', '/cal/c.ics']);
    expect(Object.fromEntries(responses[0]!.props)).toEqual({
      '{DAV:}getetag': '"1"',
      '{urn:ietf:params:xml:ns:caldav}calendar-data': 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
    });
    expect(responses[1]!.props.get('{urn:ietf:params:xml:ns:caldav}calendar-data')).toBe('BEGIN:VCALENDAR <&>');
    expect(responses[2]!.props.get('{urn:ietf:params:xml:ns:caldav}calendar-data')).toBeUndefined();
  });
});

describe('calDavClient', () => {
  test('eventsBetween: a calendar-query REPORT with the time range in UTC, Depth 1, Basic credentials in UTF-8', async () => {
    const { requests, transport } = recording(
      multistatus(
        '<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>a%20b.ics</d:href><d:propstat><d:prop><d:getetag>"e"</d:getetag><c:calendar-data>BEGIN:VCALENDAR</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>',
      ),
    );
    const answer = await calDavClient(CONFIG, transport).eventsBetween(Date.parse('2026-12-07T09:00:00Z'), Date.parse('2026-12-07T09:30:00Z'));
    expect(answer).toEqual({ ok: true, value: [{ url: 'https://dav.example/calendars/team/sales/a%20b.ics', etag: '"e"', data: 'BEGIN:VCALENDAR' }] });
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'REPORT',
      url: CONFIG.url,
      headers: { Depth: '1', Authorization: `Basic ${Buffer.from('team:pässword', 'utf8').toString('base64')}` },
    });
    expect(request!.body).toContain('<C:time-range start="20261207T090000Z" end="20261207T093000Z"/>');
    expect(request!.timeoutMs).toBe(5_000);
  });

  test('create: If-None-Match: * at the name; 412 is "exists", 201 "created" with its ETag', async () => {
    const created = recording({ status: 201, headers: { etag: '"new"' }, body: '' });
    expect(await calDavClient(CONFIG, created.transport).create('lead-1.ics', 'BEGIN:VCALENDAR')).toEqual({
      ok: true,
      value: { created: true, etag: '"new"' },
    });
    expect(created.requests[0]).toMatchObject({
      method: 'PUT',
      url: `${CONFIG.url}lead-1.ics`,
      headers: { 'If-None-Match': '*', 'Content-Type': 'text/calendar; charset=utf-8' },
      body: 'BEGIN:VCALENDAR',
    });
    const exists = recording({ status: 412, headers: {}, body: '' });
    expect(await calDavClient(CONFIG, exists.transport).create('lead-1.ics', 'x')).toEqual({ ok: true, value: { created: false } });
  });

  test('read: the object, or null when there is none', async () => {
    expect(await calDavClient(CONFIG, recording({ status: 200, headers: { etag: '"1"' }, body: 'BEGIN:VCALENDAR' }).transport).read('x.ics')).toEqual({
      ok: true,
      value: { url: `${CONFIG.url}x.ics`, etag: '"1"', data: 'BEGIN:VCALENDAR' },
    });
    expect(await calDavClient(CONFIG, recording({ status: 404, headers: {}, body: '' }).transport).read('x.ics')).toEqual({ ok: true, value: null });
  });

  test('remove: If-Match its ETag; gone already is done', async () => {
    const { requests, transport } = recording({ status: 404, headers: {}, body: '' });
    expect(await calDavClient(CONFIG, transport).remove('x.ics', '"1"')).toEqual({ ok: true, value: undefined });
    expect(requests[0]).toMatchObject({ method: 'DELETE', headers: { 'If-Match': '"1"' } });
  });

  test('timeZone: the TZID of calendar-timezone, unfolded; null when none', async () => {
    const zone = 'BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/\r\n Paris\r\nEND:VTIMEZONE\r\nEND:VCALENDAR';
    const body = `<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/c/</href><propstat><prop><C:calendar-timezone>${zone}</C:calendar-timezone></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`;
    expect(await calDavClient(CONFIG, recording(multistatus(body)).transport).timeZone()).toEqual({ ok: true, value: 'Europe/Paris' });
    const none =
      '<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/c/</href><propstat><prop><C:calendar-timezone/></prop><status>HTTP/1.1 404 Not Found</status></propstat></response></multistatus>';
    expect(await calDavClient(CONFIG, recording(multistatus(none)).transport).timeZone()).toEqual({ ok: true, value: null });
  });

  test.each([
    [{ status: 401, headers: {}, body: 'Unauthorized' }, 'refused-credentials'],
    [{ status: 403, headers: {}, body: '' }, 'refused-credentials'],
    [{ status: 404, headers: {}, body: '' }, 'not-found'],
    [{ status: 500, headers: {}, body: 'boom' }, 'calendar-error'],
    [{ status: 200, headers: {}, body: '<html>' }, 'calendar-error'],
    [{ failed: 'unreachable' as const }, 'unreachable'],
    [{ failed: 'timeout' as const }, 'timeout'],
  ])('%o is %s', async (answer, failure) => {
    const result = await calDavClient(CONFIG, recording(answer).transport).eventsBetween(0, 1);
    expect(result).toMatchObject({ ok: false, failure });
  });

  test('a transport that throws is no answer', async () => {
    const result = await calDavClient(CONFIG, async () => {
      throw new Error('socket hang up');
    }).read('x.ics');
    expect(result).toMatchObject({ ok: false, failure: 'unreachable', detail: expect.stringContaining('socket hang up') });
  });

  test('each request gets what is left of the deadline; none is sent past it', async () => {
    let now = 1_000;
    const { requests, transport } = recording({ status: 404, headers: {}, body: '' });
    const client = calDavClient(CONFIG, transport, { deadline: 3_500, now: () => now });
    await client.read('a.ics');
    now = 3_000;
    await client.read('a.ics');
    now = 3_500;
    expect(await client.read('a.ics')).toMatchObject({ ok: false, failure: 'timeout' });
    expect(requests.map((request) => request.timeoutMs)).toEqual([2_500, 500]);
  });
});
