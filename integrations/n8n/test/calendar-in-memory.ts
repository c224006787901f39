import type { TextExchange } from '../src/n8n-http.ts';

// A calendar collection in n8n's HTTP helper's place, for the calendar steps' tests without a server:
// the five requests answered as RFC 4791 servers answer them (a REPORT lists every object; the reader
// filters), the calendar's own zone Paris, every request recorded.

export const CALENDAR = 'https://dav.example/calendars/team/sales/';
export const CALENDAR_ENV = { CALDAV_URL: CALENDAR, CALDAV_USERNAME: 'team', CALDAV_PASSWORD: 'secret' };

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A calendar collection in memory, answering the five requests as RFC 4791 servers do (a REPORT lists every object; the reader filters). */
export function calendarServer(objects: Map<string, string>) {
  const requests: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
  const httpRequest: TextExchange = async ({ method, url, headers, body }) => {
    requests.push({ method, url, headers });
    const name = url.slice(CALENDAR.length);
    const answer = (statusCode: number, text = '', extra: Record<string, string> = {}) => ({
      statusCode,
      headers: { 'Content-Type': 'text/plain', ...extra },
      body: text,
    });
    if (headers['Authorization'] !== `Basic ${btoa('team:secret')}`) return answer(401, 'Unauthorized');
    if (method === 'PROPFIND') {
      const zone = 'BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\nEND:VTIMEZONE\r\nEND:VCALENDAR';
      return answer(
        207,
        `<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/calendars/team/sales/</href><propstat><prop><C:calendar-timezone>${xml(zone)}</C:calendar-timezone></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`,
      );
    }
    if (method === 'REPORT') {
      const responses = [...objects].map(
        ([key, data]) =>
          `<response><href>/calendars/team/sales/${key}</href><propstat><prop><getetag>"${key}"</getetag><C:calendar-data>${xml(data)}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>`,
      );
      return answer(207, `<?xml version="1.0"?><multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">${responses.join('')}</multistatus>`);
    }
    if (method === 'GET') return objects.has(name) ? answer(200, objects.get(name), { ETag: `"${name}"` }) : answer(404);
    if (method === 'PUT') {
      if (headers['If-None-Match'] === '*' && objects.has(name)) return answer(412);
      objects.set(name, String(body));
      return answer(201, '', { ETag: `"${name}"` });
    }
    if (method === 'DELETE') return objects.delete(name) ? answer(204) : answer(404);
    return answer(405);
  };
  return { httpRequest, requests };
}
