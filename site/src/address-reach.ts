// Whether the visitors of a released site can reach an address its build names. The test command
// builds with `.test` names that only the tests' Chromium resolves, the run command with this
// machine's addresses, the docs with `.example` ones (RFC 2606 and 6761 reserve all three): a
// release that names one posts every lead nowhere. scripts/check-placeholders.mjs refuses them.
import { hostRefusal } from '@franchise-ai/shared/address-policy';

/** `public`: any visitor may reach it; `test`, `example`: a reserved name (`.test`, `.example`); `loopback`: the visitor's own machine; `unparsable`: no http(s) address (the setting's own rules answer that). */
export type AddressReach = 'public' | 'test' | 'example' | 'loopback' | 'unparsable';

const RESERVED: ReadonlyArray<[AddressReach, RegExp]> = [
  ['test', /(^|\.)test$/],
  ['example', /(^|\.)example$/],
];

/** What `value` (an http(s) URL) points at, for a visitor of the released site. */
export function addressReach(value: string): AddressReach {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'unparsable';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'unparsable';
  // The URL parser has already turned 0x7f.1 into 127.0.0.1 and lowered the case.
  const host = url.hostname.replace(/\.$/, '');
  if (hostRefusal(host, { allowLoopback: false }) === 'loopback') return 'loopback';
  for (const [reach, name] of RESERVED) if (name.test(host)) return reach;
  return 'public';
}
