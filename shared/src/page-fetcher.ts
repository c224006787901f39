// How the site reader asks a host for one HTTP response. An adapter, so each host plugs in
// its own HTTP facility: the stand-in's Node fetcher (hosts/reference/src/page-fetcher.ts),
// later n8n's. The reader decides everything else (redirects, robots, HTML only, same site); the
// fetcher only dials, under the address policy, and reads at most `maxBytes`.
import type { AddressPolicyOptions } from './address-policy.ts';

export interface PageRequest {
  /** An http(s) URL whose host the reader has already judged (hostRefusal). */
  url: string;
  userAgent: string;
  /** Aborts at the whole read's deadline: the fetcher stops dialling or reading then. */
  signal: AbortSignal;
  /** A body larger than this is not read to its end: the answer is `too-large`. */
  maxBytes: number;
  /** Every address the host resolves to is judged with these options at connection time. */
  addressPolicy: AddressPolicyOptions;
  /** Told the size of each part of the body as it arrives, where the fetcher can (the stand-in judges a read's progress by it). */
  onBytes?: (bytes: number) => void;
}

/** One response, never a redirect followed: a 3xx comes back with its `location`. */
export interface PageResponse {
  url: string;
  status: number;
  headers: { 'content-type'?: string; location?: string };
  /** The body as text (empty for a redirect, whose body is not read). */
  body: string;
}

/** Why there is no response: a refused address, no connection or answer, too many bytes, the deadline. */
export type FetchFailure = 'refused-address' | 'unreachable' | 'too-large' | 'timeout';

export type PageFetcher = (request: PageRequest) => Promise<PageResponse | { refused: FetchFailure }>;
