import { afterAll, beforeAll } from 'vitest';
// Types only: shared's tests depend on this package, so it takes shared's code from the suite.
import type { CalDavClient, CalDavConfig, CalendarObject } from '@franchise-ai/shared/caldav-client';
import { startRadicale, type Radicale, type RadicaleOptions } from './radicale.ts';

// The team's calendar of a test file: a real Radicale (radicale.ts) started before its tests and
// stopped after, the CALDAV_* settings a host is given for it, events put in it as a calendar app
// writes them, and its objects read back, all over the suite's own CalDAV client.

export interface TeamCalendar {
  /** The running server (between beforeAll and afterAll). */
  readonly radicale: Radicale;
  /** The suite's client of its calendar collection. */
  readonly client: CalDavClient;
  /** CALDAV_URL, CALDAV_USERNAME and CALDAV_PASSWORD for a host. */
  env(): Record<'CALDAV_URL' | 'CALDAV_USERNAME' | 'CALDAV_PASSWORD', string>;
  /** Someone's event, `<name>.ics` with UID `name`: `lines` are its VEVENT's own (DTSTART, DTEND, RRULE …). */
  putEvent(name: string, ...lines: string[]): Promise<void>;
  /** Every object of the calendar overlapping [start, end), as the server lists them. */
  objectsIn(start: number, end: number): Promise<CalendarObject[]>;
}

/**
 * A Radicale for the tests of the enclosing `describe` (or file), its calendar in `options.timeZone`
 * when given, reached by the client `connect` makes (shared's calDavClient over the suite's
 * transport). The handle reads through to the running server, so use it in tests and hooks only.
 */
export function useTeamCalendar(connect: (config: CalDavConfig) => CalDavClient, options: RadicaleOptions = {}): TeamCalendar {
  let server: Radicale | undefined;
  let client: CalDavClient | undefined;
  beforeAll(async () => {
    server = await startRadicale(options);
    client = connect({ url: server.url, username: server.username, password: server.password });
  });
  afterAll(() => server?.stop());
  const running = () => {
    if (!server || !client) throw new Error('useTeamCalendar: the calendar only runs between beforeAll and afterAll');
    return { server, client };
  };
  return {
    get radicale() {
      return running().server;
    },
    get client() {
      return running().client;
    },
    env() {
      const { url, username, password } = running().server;
      return { CALDAV_URL: url, CALDAV_USERNAME: username, CALDAV_PASSWORD: password };
    },
    async putEvent(name, ...lines) {
      const text = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//test//EN',
        'BEGIN:VEVENT',
        `UID:${name}`,
        'DTSTAMP:20260101T000000Z',
        ...lines,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ];
      const written = await running().client.create(`${name}.ics`, text.join('\r\n'));
      if (!written.ok || !written.value.created) throw new Error(`could not write ${name}: ${JSON.stringify(written)}`);
    },
    async objectsIn(start, end) {
      const found = await running().client.eventsBetween(start, end);
      if (!found.ok) throw new Error(found.detail);
      return found.value;
    },
  };
}
