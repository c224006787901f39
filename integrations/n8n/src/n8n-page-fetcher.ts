// n8n's PageFetcher for the site reader: one GET through n8n's own HTTP helper
// (`this.helpers.httpRequest`, run by n8n's main process), no redirect followed (the reader judges
// each hop), every status answered as a value, no compression asked for. n8n offers no hook on the
// helper's DNS lookup, so the name is resolved here first (node's `dns`, which
// NODE_FUNCTION_ALLOW_BUILTIN must allow) and refused when any address it gives is refused; the
// helper then resolves it again on its own. What is left between the two lookups (a name that
// answers a public address here and a private one to the helper: DNS rebinding) is closed by the
// deployment's egress firewall, not by this code: see README.md, "Reading the visitor's website".
import { addressRefusal, hostRefusal } from '@franchise-ai/shared/address-policy';
import type { FetchFailure, PageFetcher, PageResponse } from '@franchise-ai/shared/page-fetcher';
import { bodyText, headerOf, TEXT_EXCHANGE, timedOut, type TextExchange } from './n8n-http.ts';

/** One GET's seconds at most; the reader's own deadline (site-reader.ts) stops waiting sooner when it passes. */
export const PAGE_TIMEOUT_MS = 10_000;

/** n8n's HTTP helper as the fetcher uses it: GET, no redirect followed. */
export type HttpGet = TextExchange;

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name to addresses: `require('dns').promises.lookup(name, { all: true, verbatim: true })` in the Code node. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1';

export function n8nPageFetcher(httpGet: HttpGet, resolve: Resolve): PageFetcher {
  return async (request): Promise<PageResponse | { refused: FetchFailure }> => {
    const url = new URL(request.url);
    const policy = request.addressPolicy;
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    if (hostRefusal(hostname, policy)) return { refused: 'refused-address' };
    if (request.signal.aborted) return { refused: 'timeout' };
    // A literal address was judged above; a name by every address it resolves to, as the stand-in's lookup does.
    if (addressRefusal(hostname, policy) === 'reserved') {
      let addresses: ResolvedAddress[];
      try {
        addresses = await resolve(hostname);
      } catch {
        return { refused: 'unreachable' };
      }
      if (addresses.length === 0) return { refused: 'unreachable' };
      if (addresses.some((entry) => addressRefusal(entry.address, policy))) return { refused: 'refused-address' };
    }
    if (request.signal.aborted) return { refused: 'timeout' };

    let answer: Awaited<ReturnType<HttpGet>>;
    try {
      answer = await httpGet({
        method: 'GET',
        url: url.href,
        headers: { 'User-Agent': request.userAgent, Accept: ACCEPT, 'Accept-Encoding': 'identity' },
        disableFollowRedirect: true,
        ...TEXT_EXCHANGE,
        timeout: PAGE_TIMEOUT_MS,
      });
    } catch (error) {
      return { refused: request.signal.aborted || timedOut(error) ? 'timeout' : 'unreachable' };
    }
    const headers = answer.headers ?? {};
    const location = headerOf(headers, 'location');
    const contentType = headerOf(headers, 'content-type');
    const status = answer.statusCode;
    if (status >= 300 && status < 400)
      return { url: url.href, status, headers: { ...(contentType && { 'content-type': contentType }), ...(location && { location }) }, body: '' };
    const body = bodyText(answer.body);
    // The helper has no byte cap (n8n sets axios's maxContentLength to Infinity): the page is in
    // n8n's memory already, and refused here as the stand-in refuses it, so the reader's rule is one.
    if (new TextEncoder().encode(body).length > request.maxBytes) return { refused: 'too-large' };
    return { url: url.href, status, headers: { ...(contentType && { 'content-type': contentType }) }, body };
  };
}
