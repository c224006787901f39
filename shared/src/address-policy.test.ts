import { describe, expect, it } from 'vitest';
import { addressRefusal, hostRefusal, type AddressRefusal } from './address-policy.ts';

const STRICT = { allowLoopback: false };
const LOOPBACK_OK = { allowLoopback: true };

describe('addressRefusal', () => {
  // [address, refusal without ALLOW_PRIVATE_WEBSITES, refusal with it]
  const table: [string, AddressRefusal | null, AddressRefusal | null][] = [
    ['93.184.215.14', null, null],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', null, null],
    ['127.0.0.1', 'loopback', null],
    ['127.8.9.10', 'loopback', null],
    ['::1', 'loopback', null],
    ['::ffff:127.0.0.1', 'loopback', null],
    ['10.0.0.5', 'private', 'private'],
    ['172.16.4.1', 'private', 'private'],
    ['172.31.255.255', 'private', 'private'],
    ['192.168.1.1', 'private', 'private'],
    ['100.64.0.1', 'private', 'private'], // CGNAT
    ['::ffff:10.0.0.1', 'private', 'private'],
    ['::ffff:a00:1', 'private', 'private'], // the same, in hex
    ['fd12:3456::1', 'private', 'private'],
    ['fec0::1', 'private', 'private'],
    ['169.254.169.254', 'metadata', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata', 'metadata'],
    ['fd00:ec2::254', 'metadata', 'metadata'],
    ['100.100.100.200', 'metadata', 'metadata'],
    ['169.254.1.1', 'link-local', 'link-local'],
    ['fe80::1', 'link-local', 'link-local'],
    ['fe80::1%eth0', 'link-local', 'link-local'],
    ['224.0.0.1', 'multicast', 'multicast'],
    ['ff02::1', 'multicast', 'multicast'],
    ['0.0.0.0', 'unspecified', 'unspecified'],
    ['::', 'unspecified', 'unspecified'],
    ['255.255.255.255', 'reserved', 'reserved'],
    ['192.0.2.1', 'reserved', 'reserved'],
    ['240.0.0.1', 'reserved', 'reserved'],
    ['2001:db8::1', 'reserved', 'reserved'],
    ['2001:0::1', 'reserved', 'reserved'], // Teredo
    ['::10.0.0.1', 'private', 'private'], // IPv4-compatible: judged as the IPv4 inside
    ['64:ff9b::10.0.0.1', 'private', 'private'], // NAT64 to a private address
    ['64:ff9b::93.184.215.14', null, null], // NAT64 to a public one
    ['2002:a00:1::1', 'private', 'private'], // 6to4 around 10.0.0.1
    ['[::1]', 'loopback', null],
    ['not an address', 'reserved', 'reserved'],
  ];
  it.each(table)('%s → %s (loopback allowed: %s)', (ip, strict, loopbackOk) => {
    expect(addressRefusal(ip, STRICT)).toBe(strict);
    expect(addressRefusal(ip, LOOPBACK_OK)).toBe(loopbackOk);
  });
});

describe('hostRefusal', () => {
  const table: [string, AddressRefusal | null, AddressRefusal | null][] = [
    ['franchise.example', null, null],
    ['localhost', 'loopback', null],
    ['LOCALHOST.', 'loopback', null],
    ['app.localhost', 'loopback', null],
    ['notlocalhost.example', null, null],
    ['127.0.0.1', 'loopback', null],
    ['[::1]', 'loopback', null],
    ['10.0.0.5', 'private', 'private'],
    ['[::ffff:a00:5]', 'private', 'private'],
    ['169.254.169.254', 'metadata', 'metadata'],
  ];
  it.each(table)('%s → %s (loopback allowed: %s)', (host, strict, loopbackOk) => {
    expect(hostRefusal(host, STRICT)).toBe(strict);
    expect(hostRefusal(host, LOOPBACK_OK)).toBe(loopbackOk);
  });

  it('judges a host as the URL parser writes it (0x7f.1 is 127.0.0.1)', () => {
    expect(hostRefusal(new URL('http://0x7f.1/').hostname, STRICT)).toBe('loopback');
    expect(hostRefusal(new URL('http://[::ffff:10.0.0.1]/').hostname, STRICT)).toBe('private');
  });
});
