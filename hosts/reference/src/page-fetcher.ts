// The stand-in's PageFetcher for the site reader: one GET with node:http(s), no redirect
// followed (the reader judges each hop), no compression asked for (a small gzip can unpack to
// gigabytes), at most `maxBytes` read. The address policy is applied where the connection is made:
// the request's `lookup` resolves the name and refuses it when any address it gives is refused, so
// the address dialled is the one judged (a name that answers a public address to an earlier check
// and a private one to the connection, DNS rebinding, gains nothing).
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressRefusal, hostRefusal } from '@franchise-ai/shared/address-policy';
import type { FetchFailure, PageFetcher, PageResponse } from '@franchise-ai/shared/page-fetcher';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name to addresses; the system resolver unless a test gives another (a name that resolves to 10.0.0.7). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Top-level names that no public DNS answers (RFC 2606, RFC 6761; `.local` is mDNS on the local
 * network): answered "not found" without asking anyone, so a visitor's typo, and every test's
 * `https://acme.example`, costs no query that leaves the machine.
 */
const NEVER_PUBLIC = /\.(example|invalid|test|local)\.?$/i;

/** `resolve`, except that a name that is never public is not found without asking it. */
export const publicNamesOnly =
  (resolve: Resolve): Resolve =>
  async (hostname) => {
    if (NEVER_PUBLIC.test(hostname)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (a name that is never public)`), { code: 'ENOTFOUND' });
    return resolve(hostname);
  };

const systemResolve: Resolve = publicNamesOnly((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));

const ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';

/** A refusal made in `lookup`, told apart from the network's own errors. */
class RefusedAddress extends Error {}

const CHARSET = /charset\s*=\s*["']?([^"';\s/>]+)/i;

/**
 * The body's text in the charset its Content-Type names, else the one a `<meta>` in its first
 * 1024 bytes names (as browsers look), else UTF-8; UTF-8 too for a name TextDecoder does not know.
 */
function decode(body: Buffer, contentType: string | undefined): string {
  const head = body.subarray(0, 1024).toString('latin1');
  const meta = /<meta[^>]*charset[^>]*>/i.exec(head)?.[0];
  const charset = CHARSET.exec(contentType ?? '')?.[1] ?? CHARSET.exec(meta ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

export function nodePageFetcher(options: { resolve?: Resolve } = {}): PageFetcher {
  const resolve = options.resolve ?? systemResolve;
  return (request) =>
    new Promise((settle) => {
      let settled = false;
      const finish = (answer: PageResponse | { refused: FetchFailure }): void => {
        if (settled) return;
        settled = true;
        settle(answer);
      };
      const url = new URL(request.url);
      const policy = request.addressPolicy;
      // Node dials a literal IP without calling `lookup`: judged here (the reader has too; a second look is cheap).
      if (hostRefusal(url.hostname, policy)) return finish({ refused: 'refused-address' });
      if (request.signal.aborted) return finish({ refused: 'timeout' });

      const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
        resolve(hostname).then(
          (addresses) => {
            const usable = addresses.filter(
              (entry) => lookupOptions.family === undefined || lookupOptions.family === 0 || entry.family === lookupOptions.family,
            );
            if (usable.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
            // Any refused address refuses the name: which one the connection would pick is not ours to guess.
            if (usable.some((entry) => addressRefusal(entry.address, policy))) return callback(new RefusedAddress(hostname), '', 0);
            if (lookupOptions.all) return (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, usable);
            callback(null, usable[0]!.address, usable[0]!.family);
          },
          (error: NodeJS.ErrnoException) => callback(error, '', 0),
        );
      };

      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(url, {
        method: 'GET',
        headers: { 'user-agent': request.userAgent, accept: ACCEPT, 'accept-encoding': 'identity' },
        lookup,
        agent: false, // a fresh connection each time, closed after: no pooled socket outlives its check
        signal: request.signal,
      });
      outgoing.on('error', (error) =>
        finish({ refused: error instanceof RefusedAddress ? 'refused-address' : request.signal.aborted ? 'timeout' : 'unreachable' }),
      );
      outgoing.on('response', (incoming) => {
        const status = incoming.statusCode ?? 0;
        const headers = {
          ...(incoming.headers['content-type'] ? { 'content-type': incoming.headers['content-type'] } : {}),
          ...(incoming.headers.location ? { location: incoming.headers.location } : {}),
        };
        const answer = (body: string): PageResponse => ({ url: url.href, status, headers, body });
        if (status >= 300 && status < 400) {
          outgoing.destroy(); // a redirect's body is never read
          return finish(answer(''));
        }
        const tooLarge = (): void => {
          finish({ refused: 'too-large' });
          outgoing.destroy(); // closes the socket: the rest is never downloaded
        };
        if (Number(incoming.headers['content-length']) > request.maxBytes) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          request.onBytes?.(chunk.length);
          size += chunk.length;
          if (size > request.maxBytes) return tooLarge();
          chunks.push(chunk);
        });
        incoming.on('end', () => finish(answer(decode(Buffer.concat(chunks), headers['content-type']))));
        incoming.on('error', () => finish({ refused: request.signal.aborted ? 'timeout' : 'unreachable' }));
        incoming.on('aborted', () => finish({ refused: request.signal.aborted ? 'timeout' : 'unreachable' }));
      });
      outgoing.end();
    });
}

/**
 * `fetcher` for this machine's sites only (WEBSITES_OFFLINE=1, which every test host sets): any
 * other address or name is unreachable before a DNS query or a connection, so no test reads the
 * internet when a visitor's website in it (`acme.com`) is a real one.
 */
export const loopbackOnly =
  (fetcher: PageFetcher): PageFetcher =>
  async (request) =>
    hostRefusal(new URL(request.url).hostname, { allowLoopback: false }) === 'loopback' ? fetcher(request) : { refused: 'unreachable' };
