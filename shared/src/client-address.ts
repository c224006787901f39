// Who is asking, as every host counts its per-address limits: the address a trusted proxy reports,
// never one the client wrote itself, and an IPv6 client by its /64 (one household or server gets a
// whole /64, and walking through its 2^64 addresses must not buy more calls). A home or an office
// often gets a /56 or a /48, so a call is counted at all three at once, each against its own limit
// (rate-limits.ts), and the networks (an IPv6 /48, an IPv4 /24) each against a share of the day's
// ceiling (call-policy.ts's networkCeiling).
import ipaddr from 'ipaddr.js';

/** The request's headers, lower-cased as Node and n8n give them: `x-forwarded-for` and `x-real-ip` are read. */
export type ForwardingHeaders = Readonly<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/**
 * The client's address. Behind a proxy the operator runs (`trustProxy`), the last
 * `X-Forwarded-For` entry, the one that proxy appended (earlier entries come from the client and
 * could be anything), else its `X-Real-IP`. Without one, the connection's own address
 * (`socketAddress`): n8n's Webhook node has none to give, so there every visitor is one client,
 * `unknown`, and a made-up header changes nothing.
 */
export function clientAddress(headers: ForwardingHeaders, trustProxy: boolean, socketAddress: string | undefined): string {
  if (trustProxy) {
    const forwarded = first(headers['x-forwarded-for']).split(',').at(-1)?.trim() || first(headers['x-real-ip']).trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || 'unknown';
}

/**
 * The key a per-address limit counts by: an IPv4 address as it is (also when written as IPv6,
 * `::ffff:203.0.113.7`), an IPv6 address by its /64 (`2001:db8:1:2::/64`); anything else as given.
 */
export function clientKey(address: string): string {
  const parsed = parse(address);
  if (!parsed) return address;
  return parsed.kind() === 'ipv4' ? parsed.toString() : prefix(parsed as ipaddr.IPv6, 64);
}

/** The IPv6 prefix lengths a call is counted at, each with its own limit: a client's /64, a site's /56 and /48. */
export const IPV6_PREFIXES = [64, 56, 48] as const;
export type Ipv6Prefix = (typeof IPV6_PREFIXES)[number];

/** The key of the address's IPv6 /`bits` (`2001:db8:1::/48`); null for an IPv4 address or anything that is no address. */
export function ipv6PrefixKey(address: string, bits: Ipv6Prefix): string | null {
  const parsed = parse(address);
  return parsed && parsed.kind() === 'ipv6' ? prefix(parsed as ipaddr.IPv6, bits) : null;
}

/**
 * The network whose calls share one part of the daily ceiling: an IPv6 address's /48 (what a site
 * is given), an IPv4 address's /24 (what one provider's customer or one rented block commonly
 * holds); null for anything that is no address, e.g. n8n's `unknown` without a proxy, which is every
 * visitor at once and so no one network.
 */
export function networkKey(address: string): string | null {
  const parsed = parse(address);
  if (!parsed) return null;
  if (parsed.kind() === 'ipv6') return prefix(parsed as ipaddr.IPv6, 48);
  const [a, b, c] = (parsed as ipaddr.IPv4).octets;
  return `${a}.${b}.${c}.0/24`;
}

/** The address as ipaddr.js reads it, an IPv4-mapped IPv6 one as IPv4; null when it is none. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone index
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

/** `2001:db8:1:2::/64`: the first `bits` of the address (a multiple of 8), the rest zero. */
function prefix(address: ipaddr.IPv6, bits: Ipv6Prefix): string {
  const bytes = address.toByteArray().map((byte, index) => (index < bits / 8 ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`;
}
