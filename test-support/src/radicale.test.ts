import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startRadicale, type Radicale } from './radicale.ts';

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

const PROPS =
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:resourcetype/><C:calendar-timezone/></D:prop></D:propfind>';

describe('startRadicale', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale({ username: 'ops', password: 'p4ss word', calendar: 'sales', timeZone: 'Europe/Paris' });
  });
  afterAll(() => radicale?.stop());

  test('serves one calendar collection, on 127.0.0.1, to its user', async () => {
    expect(radicale.url).toBe(`http://127.0.0.1:${radicale.port}/ops/sales/`);
    const answer = await fetch(radicale.url, { method: 'PROPFIND', headers: { Depth: '0', Authorization: basic('ops', 'p4ss word') }, body: PROPS });
    expect(answer.status).toBe(207);
    const xml = await answer.text();
    expect(xml).toMatch(/<C:calendar\s*\/>/);
    // The zone it was given, as the calendar's own.
    expect(xml).toContain('TZID:Europe/Paris');
  });

  test('refuses a wrong password', async () => {
    const answer = await fetch(radicale.url, { method: 'PROPFIND', headers: { Depth: '0', Authorization: basic('ops', 'wrong') }, body: PROPS });
    expect(answer.status).toBe(401);
  });

  test('stop ends the server and removes its folder, and may be called again', async () => {
    const other = await startRadicale();
    expect(existsSync(other.folder)).toBe(true);
    await other.stop();
    expect(existsSync(other.folder)).toBe(false);
    await expect(fetch(other.url, { method: 'PROPFIND' })).rejects.toThrow();
    await other.stop();
  });
});
