import { describe, expect, it } from 'vitest';
import { parseEnvFile } from './env-file.ts';

describe('parseEnvFile', () => {
  it.each([
    ['one setting', 'A=1', { A: '1' }],
    ['comments and blank lines skipped', '# why\n\nA=1\n  # indented why\nB_2=two words', { A: '1', B_2: 'two words' }],
    ['an empty value kept', 'QUEUE_BULL_REDIS_PASSWORD=', { QUEUE_BULL_REDIS_PASSWORD: '' }],
    ['= inside a value kept', 'KEY=a=b', { KEY: 'a=b' }],
    ['CRLF line ends', 'A=1\r\nB=2\r\n', { A: '1', B: '2' }],
  ])('%s', (_, text, expected) => {
    expect(parseEnvFile(text)).toEqual(expected);
  });

  it.each([
    ['a line without =', 'A=1\nEXECUTIONS_MODE queue', /line 2: expected KEY=VALUE/],
    ['a lower-case key', 'executions_mode=queue', /line 1: expected KEY=VALUE/],
    ['a key set twice', 'A=1\nA=2', /line 2: A is set twice/],
  ])('refuses %s', (_, text, error) => {
    expect(() => parseEnvFile(text)).toThrow(error);
  });
});
