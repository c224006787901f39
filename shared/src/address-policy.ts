// Which network addresses the site reader may connect to (Security): a server that fetches
// a URL a stranger typed must never become their way into our own network. Only public unicast
// addresses are read; everything else is refused by name of its kind, so a refusal says why.
// Judged on the literal host before any connection and again on every address DNS gives, at
// connection time (the Node fetcher's `lookup`), so a name that resolves differently the second
// time (DNS rebinding) is still judged on the address actually dialled.
import ipaddr from 'ipaddr.js';

export type AddressRefusal = 'loopback' | 'private' | 'link-local' | 'multicast' | 'metadata' | 'unspecified' | 'reserved';

export interface AddressPolicyOptions {
  /**
   * `ALLOW_PRIVATE_WEBSITES=1`: loopback only (127/8, ::1), so the run command and the tests can read
   * fixture sites on 127.0.0.1. Private, link-local and metadata addresses stay refused even then,
   * which lets a test prove that a redirect to one is refused while it reads its fixture.
   */
  allowLoopback: boolean;
}

/** Cloud instance-metadata endpoints (AWS/GCP/Azure, AWS over IPv6, Alibaba): credentials live there. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const V4_KINDS: Readonly<Record<string, AddressRefusal | null>> = {
  unicast: null,
  unspecified: 'unspecified',
  broadcast: 'reserved',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'private', // 100.64/10: the provider's side of a NAT, not the public internet
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved',
  amt: 'reserved',
};

const V6_KINDS: Readonly<Record<string, AddressRefusal | null>> = {
  unicast: null,
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private', // fc00::/7
  deprecatedSiteLocal: 'private', // fec0::/10
};

/** An IPv4 address carried inside an IPv6 one that a gateway would dial: NAT64 (64:ff9b::/96) and 6to4 (2002::/16). */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (address.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** A range the table does not name is refused: only what is known to be public is dialled. */
const kindOf = (table: Readonly<Record<string, AddressRefusal | null>>, range: string): AddressRefusal | null =>
  Object.hasOwn(table, range) ? (table[range] ?? null) : 'reserved';

function v4Refusal(address: ipaddr.IPv4, options: AddressPolicyOptions): AddressRefusal | null {
  if (METADATA.has(address.toString())) return 'metadata';
  const kind = kindOf(V4_KINDS, address.range());
  return kind === 'loopback' && options.allowLoopback ? null : kind;
}

/**
 * Why the reader must not connect to `ip`, or null when it may (a public unicast address).
 * IPv4-mapped IPv6 (`::ffff:10.0.0.1`) and the IPv4 inside NAT64/6to4 addresses are judged as that
 * IPv4 address; text that is no IP address is refused as `reserved` (what cannot be judged is not dialled).
 */
export function addressRefusal(ip: string, options: AddressPolicyOptions): AddressRefusal | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone index
  if (!ipaddr.isValid(bare)) return 'reserved';
  const parsed = ipaddr.process(bare); // IPv4-mapped IPv6 becomes IPv4
  if (parsed.kind() === 'ipv4') return v4Refusal(parsed as ipaddr.IPv4, options);
  const v6 = parsed as ipaddr.IPv6;
  if (METADATA.has(v6.toString())) return 'metadata';
  const inner = embeddedV4(v6);
  if (inner) return v4Refusal(inner, options);
  const kind = kindOf(V6_KINDS, v6.range()); // teredo, documentation, benchmarking, orchid…: reserved
  // ::a.b.c.d (IPv4-compatible, deprecated): no public site lives there.
  if (kind === null && v6.parts.slice(0, 6).every((part) => part === 0)) return 'reserved';
  return kind === 'loopback' && options.allowLoopback ? null : kind;
}

/** Names that mean this machine whatever DNS says (RFC 6761): refused before any lookup. */
const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * Why a URL's host is refused before any connection, or null when it may be looked up: a literal
 * IP address by `addressRefusal`, and `localhost` (and `*.localhost`) as loopback. Any other name
 * is judged by its addresses when the fetcher resolves it.
 */
export function hostRefusal(hostname: string, options: AddressPolicyOptions): AddressRefusal | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) return addressRefusal(bare, options);
  if (LOOPBACK_NAME.test(bare)) return options.allowLoopback ? null : 'loopback';
  return null;
}
