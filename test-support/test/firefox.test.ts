import { createServer } from 'node:http';
import { expect, test } from 'vitest';
import { launchFirefox } from '../src/firefox.ts';
import { listen } from '../src/listen.ts';
import { poll } from '../src/poll.ts';

// Firefox ESR as the widget-firefox suite launches it: FIREFOX_PATH picks the binary (as in
// scripts/ensure-firefox.mjs), pages on 127.0.0.1 load directly, and anything else is refused and
// written down, so an empty record in a suite means nothing tried to leave.

test('launchFirefox fails on a FIREFOX_PATH that is not there, naming it', async () => {
  await expect(launchFirefox({ ...process.env, FIREFOX_PATH: '/nonexistent/firefox-esr' })).rejects.toThrow('/nonexistent/firefox-esr');
});

test('a page on 127.0.0.1 loads; its request to another host is refused and recorded', { timeout: 60_000 }, async () => {
  const server = await listen(createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>local</p>')));
  const firefox = await launchFirefox();
  try {
    const page = await firefox.browser.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.$eval('p', (p) => p.textContent)).toBe('local');
    expect(firefox.outsideAttempts).toEqual([]);

    const outcome = await page.evaluate(() =>
      fetch('http://outside.example/ping').then(
        () => 'reached',
        () => 'refused',
      ),
    );
    expect(outcome).toBe('refused');
    await poll(() => firefox.outsideAttempts).toEqual(['outside.example:80']);
  } finally {
    await firefox.close();
    await server.stop();
  }
});
