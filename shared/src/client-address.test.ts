import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, ipv6PrefixKey, networkKey } from './client-address.ts';

describe('clientAddress', () => {
  const headers = { 'x-forwarded-for': '198.51.100.9, 203.0.113.7', 'x-real-ip': '192.0.2.1' };
  it.each<[string, Parameters<typeof clientAddress>, string]>([
    ['behind the proxy: the entry it appended (the last)', [headers, true, '127.0.0.1'], '203.0.113.7'],
    ['behind the proxy, X-Real-IP when there is no X-Forwarded-For', [{ 'x-real-ip': ' 192.0.2.1 ' }, true, '127.0.0.1'], '192.0.2.1'],
    ['behind the proxy, neither header: the connection', [{}, true, '127.0.0.1'], '127.0.0.1'],
    ["no proxy: the headers are the client's own words, ignored", [headers, false, '198.51.100.20'], '198.51.100.20'],
    ['no proxy and no connection address (n8n): one client', [headers, false, undefined], 'unknown'],
  ])('%s', (_label, args, expected) => expect(clientAddress(...args)).toBe(expected));
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['unknown', 'unknown'],
  ])('%s -> %s', (address, key) => expect(clientKey(address)).toBe(key));
});

describe('ipv6PrefixKey', () => {
  it.each<[string, 64 | 56 | 48, string | null]>([
    ['2001:db8:1:2:3:4:5:6', 64, '2001:db8:1:2::/64'],
    ['2001:db8:1:2ff:3:4:5:6', 56, '2001:db8:1:200::/56'],
    ['2001:db8:1:2ff:3:4:5:6', 48, '2001:db8:1::/48'],
    ['[2001:db8:abcd:12::9]', 48, '2001:db8:abcd::/48'],
    ['203.0.113.7', 48, null],
    ['::ffff:203.0.113.7', 56, null],
    ['unknown', 64, null],
  ])('%s at /%i -> %s', (address, bits, key) => expect(ipv6PrefixKey(address, bits)).toBe(key));
});

describe('networkKey', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
    ['2001:db8:1:ffff::1', '2001:db8:1::/48'],
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.250', '203.0.113.0/24'],
    ['unknown', null],
    ['', null],
  ])('%s -> %s', (address, key) => expect(networkKey(address)).toBe(key));
});
