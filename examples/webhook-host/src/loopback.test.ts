import { describe, expect, it } from 'vitest';
import { isLoopback, isLoopbackHost } from './loopback.ts';

describe('isLoopback (socket address)', () => {
  it.each<[string | undefined, boolean]>([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['127.255.255.255', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:127.9.8.7', true],
    ['::1', true],
    ['10.0.0.1', false],
    ['192.168.1.20', false],
    ['128.0.0.1', false],
    ['1127.0.0.1', false],
    ['127.0.0.1.5', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:192.168.1.20', false],
    ['::', false],
    ['::2', false],
    ['fe80::1', false],
    ['2001:db8::1', false],
    ['', false],
    [undefined, false],
  ])('%s: %s', (address, expected) => expect(isLoopback(address)).toBe(expected));
});

describe('isLoopbackHost (Host header)', () => {
  it.each<[string | undefined, boolean]>([
    ['127.0.0.1', true],
    ['127.0.0.1:8787', true],
    ['localhost', true],
    ['localhost:5173', true],
    ['LocalHost:8787', true],
    ['[::1]', true],
    ['[::1]:8787', true],
    ['evil.example', false],
    ['evil.example:8787', false],
    ['localhost.evil.example', false],
    ['127.0.0.1.nip.io:8787', false],
    ['localhost:8787.evil.example', false],
    ['127.0.0.2:8787', false],
    ['10.0.0.5:8787', false],
    ['[::2]:8787', false],
    ['::1', false],
    ['localhost:', false],
    ['localhost:port', false],
    ['', false],
    [undefined, false],
  ])('%s: %s', (host, expected) => expect(isLoopbackHost(host)).toBe(expected));
});
