// Who may read the lead list: this machine only, asked for by a loopback name.

const LOOPBACK_ADDRESS = /^(::ffff:)?127(\.\d{1,3}){3}$/;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/i;

/** A loopback socket address: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export const isLoopback = (address: string | undefined): boolean =>
  !!address && (LOOPBACK_ADDRESS.test(address) || address === '::1');

/**
 * A `Host` header naming this machine: 127.0.0.1, localhost or [::1], with any port.
 * A loopback socket alone is not enough: after DNS rebinding, a page on
 * `evil.example` reaches 127.0.0.1 with its own name in `Host`.
 */
export const isLoopbackHost = (host: string | undefined): boolean => !!host && LOOPBACK_HOST.test(host);
