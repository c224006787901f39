import { connect } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { firefoxEnv, firefoxPath, firefoxPrefs, type OutsideRecorder, socksTarget, startOutsideRecorder } from './firefox.ts';

// The parts of the Firefox launch that need no browser: which binary, the prefs that send every
// outside connection to our recorder, and the recorder itself (test/firefox.test.ts starts Firefox).

test("without FIREFOX_PATH the tests use Debian's /usr/bin/firefox-esr; with it, that path", () => {
  expect(firefoxPath({})).toBe('/usr/bin/firefox-esr');
  expect(firefoxPath({ FIREFOX_PATH: '/opt/firefox/firefox' })).toBe('/opt/firefox/firefox');
});

test('every connection outside 127.0.0.1 goes to the recorder, its name unresolved, and Firefox refuses non-local ones itself', () => {
  expect(firefoxPrefs(41234)).toMatchObject({
    'network.proxy.type': 1,
    'network.proxy.socks': '127.0.0.1',
    'network.proxy.socks_port': 41234,
    'network.proxy.socks_version': 5,
    'network.proxy.socks_remote_dns': true,
  });
  // localhost would be proxied (and so refused) if this were set: the pages live on 127.0.0.1.
  expect(firefoxPrefs(41234)).not.toHaveProperty('network.proxy.allow_hijacking_localhost');
  expect(firefoxEnv({ HOME: '/root' })).toEqual({ HOME: '/root', MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' });
});

const request = (type: number, address: number[], port: number) => Buffer.from([5, 1, 0, type, ...address, port >> 8, port & 255]);

test('socksTarget reads where a SOCKS5 CONNECT goes: a name, IPv4 or IPv6, and nothing from anything else', () => {
  const name = [...Buffer.from('firefox.settings.services.mozilla.com')];
  expect(socksTarget(request(3, [name.length, ...name], 443))).toBe('firefox.settings.services.mozilla.com:443');
  expect(socksTarget(request(1, [93, 184, 216, 34], 80))).toBe('93.184.216.34:80');
  expect(socksTarget(request(4, [0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1], 8080))).toBe('[2001:0db8:0000:0000:0000:0000:0000:0001]:8080');
  expect(socksTarget(Buffer.from([5, 1, 0]))).toBeUndefined(); // cut short
  expect(socksTarget(request(3, [10, ...Buffer.from('short')], 443))).toBeUndefined(); // name longer than sent
  expect(socksTarget(Buffer.from([4, 1, 0, 80, 127, 0, 0, 1, 0]))).toBeUndefined(); // SOCKS4
});

let recorder: OutsideRecorder | undefined;
afterEach(() => recorder?.stop());

test('the recorder notes each target and refuses it, as "not allowed by ruleset"', async () => {
  recorder = await startOutsideRecorder();
  const name = [...Buffer.from('outside.example')];
  const replies = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(recorder!.port, '127.0.0.1', () => socket.write(Buffer.from([5, 1, 0])));
    socket.once('data', () => socket.write(request(3, [name.length, ...name], 443)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
  expect(recorder.attempts).toEqual(['outside.example:443']);
  // "no authentication", then reply 2 (refused) and the connection closed.
  expect([...replies.subarray(0, 4)]).toEqual([5, 0, 5, 2]);
});
