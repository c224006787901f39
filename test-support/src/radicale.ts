import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real CalDAV server for the calendar tests: Debian's Radicale (the `radicale` package, which
// .ci/run installs), as its own process on 127.0.0.1, on a port the system picks, with its own
// storage folder and user file, one calendar collection made with MKCALENDAR as a client would.
// Debian 12 ships Radicale 3.1.8: an INI config file whose `-C` replaces /etc/radicale/config (so
// the system's settings never reach a test), and htpasswd users in plain text (bcrypt needs
// python3-bcrypt, which the package only suggests; a test password protects nothing anyway).

export interface RadicaleOptions {
  username?: string;
  password?: string;
  /** The calendar collection's name in the URL. Default `team`. */
  calendar?: string;
  /** An IANA zone written as the calendar's own (CalDAV's calendar-timezone property); none by default. */
  timeZone?: string;
  /** Default 15 s. */
  timeoutMs?: number;
}

export interface Radicale {
  /** The calendar collection: `http://127.0.0.1:PORT/<username>/<calendar>/`, what CALDAV_URL names. */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  port: number;
  username: string;
  password: string;
  /** Its storage, user file and config; gone after `stop`. */
  folder: string;
  /** Everything Radicale printed so far. */
  output(): string;
  /** Ends the server (SIGTERM, then SIGKILL after 5 s) and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** How to run Radicale here: its command, else the system Python's module (python3-radicale alone; Debian's, not a pyenv one). */
function radicaleCommand(): { command: string; args: string[] } {
  if (spawnSync('radicale', ['--version'], { stdio: 'ignore' }).status === 0) return { command: 'radicale', args: [] };
  if (spawnSync('/usr/bin/python3', ['-c', 'import radicale'], { stdio: 'ignore' }).status === 0)
    return { command: '/usr/bin/python3', args: ['-m', 'radicale'] };
  throw new Error('Radicale is not installed: `apt-get install -y radicale` (.ci/run installs it on a fresh machine).');
}

/**
 * A VCALENDAR naming `zone` as clients write calendar-timezone (RFC 4791 §5.2.2). RFC 5545 wants a
 * STANDARD part, so it has one at the zone's offset today; what readers here use is the TZID.
 */
function vtimezone(zone: string): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')!.value;
  const offset = /[+-]\d\d:\d\d/.exec(name)?.[0].replace(':', '') ?? '+0000';
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//franchise-ai-demo//test-support//EN',
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startRadicale({
  username = 'team',
  password = 'calendar-secret',
  calendar = 'team',
  timeZone,
  timeoutMs = 15_000,
}: RadicaleOptions = {}): Promise<Radicale> {
  const { command, args } = radicaleCommand();
  const folder = await mkdtemp(join(tmpdir(), 'radicale-'));
  await writeFile(join(folder, 'users'), `${username}:${password}\n`, { mode: 0o600 });
  const config = [
    '[server]',
    'hosts = 127.0.0.1:0',
    '[auth]',
    'type = htpasswd',
    `htpasswd_filename = ${join(folder, 'users')}`,
    'htpasswd_encryption = plain',
    // Radicale waits a second before refusing a wrong password; a test that expects one need not.
    'delay = 0',
    '[rights]',
    'type = owner_only',
    '[storage]',
    `filesystem_folder = ${join(folder, 'collections')}`,
    '[web]',
    'type = none',
    '[logging]',
    'level = info',
    '',
  ].join('\n');
  await writeFile(join(folder, 'config'), config);

  const child = spawn(command, [...args, '-C', join(folder, 'config')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
  });
  let output = '';
  const record = (chunk: Buffer) => (output += chunk);
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await exit(child);
    }
    await rm(folder, { recursive: true, force: true });
  };

  try {
    // "Listening on '[127.0.0.1]:41234'" once the socket is bound (3.1.8's words).
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Radicale did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
      const check = () => {
        const match = /Listening on '\[?127\.0\.0\.1\]?:(\d+)'/.exec(output);
        if (!match) return;
        clearTimeout(timer);
        resolve(Number(match[1]));
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('error', (error) => (clearTimeout(timer), reject(error)));
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`Radicale exited with ${code} before listening:\n${output}`))));
    });
    const origin = `http://127.0.0.1:${port}`;
    const url = `${origin}/${encodeURIComponent(username)}/${encodeURIComponent(calendar)}/`;
    const props = [
      `<D:displayname>${escapeXml(calendar)}</D:displayname>`,
      timeZone ? `<C:calendar-timezone>${escapeXml(vtimezone(timeZone))}</C:calendar-timezone>` : '',
    ].join('');
    const made = await fetch(url, {
      method: 'MKCALENDAR',
      headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'Content-Type': 'application/xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>${props}</D:prop></D:set></C:mkcalendar>`,
    });
    if (made.status !== 201) throw new Error(`Radicale refused MKCALENDAR ${url}: ${made.status} ${await made.text()}\n${output}`);
    return { url, origin, port, username, password, folder, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function exit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}
