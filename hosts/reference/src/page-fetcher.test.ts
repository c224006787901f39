import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageFetcher, PageRequest } from '@franchise-ai/shared/page-fetcher';
import { fixtureSite, html, hugePage, redirect, text, type FixtureSite } from '../test/fixture-site.ts';
import { loopbackOnly, nodePageFetcher, publicNamesOnly, type Resolve } from './page-fetcher.ts';

const request = (url: string, allowLoopback = true, maxBytes = 1_000_000): PageRequest => ({
  url,
  userAgent: 'FranchiseAIDemoBot/1.0 (+http://demo.test/bot)',
  signal: new AbortController().signal,
  maxBytes,
  addressPolicy: { allowLoopback },
});

let site: FixtureSite | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await site?.stop();
  site = undefined;
});

describe('nodePageFetcher', () => {
  it('reads a page, with the user agent, in the charset its Content-Type names', async () => {
    site = await fixtureSite({
      '/': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        response.end(Buffer.from('<p>Caf\xe9</p>', 'latin1'));
      },
    });
    const answer = await nodePageFetcher()(request(`${site.url}/`));
    expect(answer).toEqual({ url: `${site.url}/`, status: 200, headers: { 'content-type': 'text/html; charset=iso-8859-1' }, body: '<p>Café</p>' });
    expect(site.requests[0]!.userAgent).toBe('FranchiseAIDemoBot/1.0 (+http://demo.test/bot)');
  });

  it.each([
    ['<meta charset="windows-1252">', 'text/html'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">', 'text/html'],
    ['<meta charset="utf-8">', 'text/html; charset=windows-1252'], // the header wins, as in browsers
  ])('without a charset in the header, reads the one %s names', async (meta, contentType) => {
    site = await fixtureSite({
      '/': (_request, response) => {
        response.writeHead(200, { 'content-type': contentType });
        response.end(Buffer.from(`<head>${meta}</head><p>Caf\xe9</p>`, 'latin1'));
      },
    });
    const answer = await nodePageFetcher()(request(`${site.url}/`));
    expect('body' in answer && answer.body).toContain('<p>Café</p>');
  });

  it('returns a redirect as it is, following nothing', async () => {
    site = await fixtureSite({ '/': redirect('/elsewhere', 301), '/elsewhere': html('here') });
    const answer = await nodePageFetcher()(request(`${site.url}/`));
    expect(answer).toMatchObject({ status: 301, headers: { location: '/elsewhere' }, body: '' });
    expect(site.paths()).toEqual(['/']);
  });

  it('dials a name through the resolver it is given, and reads when the address is allowed', async () => {
    site = await fixtureSite({ '/': html('resolved') });
    const resolve = vi.fn<Resolve>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const answer = await nodePageFetcher({ resolve })(request(`http://franchise.test:${site.port}/`));
    expect(resolve).toHaveBeenCalledWith('franchise.test');
    expect(answer).toMatchObject({ status: 200 });
    expect(site.paths()).toEqual(['/']);
  });

  // The name is judged by what it resolves to at connection time: no request reaches the address.
  it.each([
    ['a private address', [{ address: '10.0.0.7', family: 4 }]],
    ['the metadata address', [{ address: '169.254.169.254', family: 4 }]],
    ['a mapped private address', [{ address: '::ffff:192.168.0.9', family: 6 }]],
    [
      'one private address among allowed ones',
      [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    ],
  ])('refuses a name that resolves to %s', async (_name, addresses) => {
    site = await fixtureSite({ '/': html('never') });
    const answer = await nodePageFetcher({ resolve: async () => addresses })(request(`http://franchise.test:${site.port}/`));
    // refused-address, not unreachable: nothing was dialled (127.0.0.1, allowed, was not either).
    expect(answer).toEqual({ refused: 'refused-address' });
    expect(site.connections()).toBe(0);
  });

  it('refuses loopback without ALLOW_PRIVATE_WEBSITES, by name or by address, connecting to nothing', async () => {
    site = await fixtureSite({ '/': html('never') });
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const fetcher = nodePageFetcher({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    // Literal addresses and localhost: refused before a socket exists.
    expect(await fetcher(request(`${site.url}/`, false))).toEqual({ refused: 'refused-address' });
    expect(await fetcher(request(`http://localhost:${site.port}/`, false))).toEqual({ refused: 'refused-address' });
    expect(await fetcher(request('http://10.0.0.5/', true))).toEqual({ refused: 'refused-address' });
    expect(connect).not.toHaveBeenCalled();
    // A name resolving to loopback: refused in lookup, before the TCP connection.
    expect(await fetcher(request(`http://franchise.test:${site.port}/`, false))).toEqual({ refused: 'refused-address' });
    expect(site.connections()).toBe(0);
  });

  it('stops reading past maxBytes and closes the connection early', async () => {
    const huge = hugePage(5_000_000);
    site = await fixtureSite({ '/': huge.route });
    expect(await nodePageFetcher()(request(`${site.url}/`))).toEqual({ refused: 'too-large' });
    expect(await huge.closedEarly).toBe(true);
  });

  it('refuses by a declared Content-Length before reading', async () => {
    site = await fixtureSite({ '/': text('x'.repeat(2000), 'text/html') });
    expect(await nodePageFetcher()(request(`${site.url}/`, true, 1000))).toEqual({ refused: 'too-large' });
  });

  it('answers unreachable for a name no public DNS has (.example, .invalid, .test, .local) without asking DNS or connecting', async () => {
    const connect = vi.spyOn(net, 'connect');
    const dns = vi.fn<Resolve>(async () => [{ address: '93.184.215.14', family: 4 }]);
    const resolve = publicNamesOnly(dns);
    for (const url of ['https://analytical.example/', 'http://x.invalid/', 'http://acme.test./', 'http://printer.local/']) {
      expect(await nodePageFetcher({ resolve })(request(url))).toEqual({ refused: 'unreachable' });
    }
    expect(dns).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    await expect(resolve('franchise.example.com')).resolves.toHaveLength(1);
    expect(dns).toHaveBeenCalledWith('franchise.example.com');
  });

  it("loopbackOnly (WEBSITES_OFFLINE=1): this machine's sites are read, any other name or address is unreachable before DNS or a connection", async () => {
    site = await fixtureSite({ '/': html('hi') });
    const inner = vi.fn<PageFetcher>(nodePageFetcher());
    const fetcher = loopbackOnly(inner);
    expect(await fetcher(request(`${site.url}/`))).toMatchObject({ status: 200 });
    expect(await fetcher(request(`http://localhost:${site.port}/`))).toMatchObject({ status: 200 });
    for (const url of ['https://acme.com/', 'http://93.184.215.14/', 'http://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/']) {
      expect(await fetcher(request(url))).toEqual({ refused: 'unreachable' });
    }
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it('answers unreachable when nothing listens, and timeout when the signal aborts', async () => {
    site = await fixtureSite({ '/slow': () => {} });
    const closed = await fixtureSite({});
    await closed.stop();
    expect(await nodePageFetcher()(request(`${closed.url}/`))).toEqual({ refused: 'unreachable' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await nodePageFetcher()({ ...request(`${site.url}/slow`), signal: controller.signal })).toEqual({ refused: 'timeout' });
  });
});
