// Who is asking, as every host counts its per-address limits: the address a trusted proxy reports,
// never one the client wrote itself, and an IPv6 client by its /64 (one household or server gets a
// whole /64, and walking through its 2^64 addresses must not buy more calls).
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
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone index
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare); // IPv4-mapped IPv6 becomes IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.IPv6.parse(`${parts.map((part) => part.toString(16)).join(':')}::`).toString()}/64`;
}
