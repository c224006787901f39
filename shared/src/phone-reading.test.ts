import { describe, expect, it } from 'vitest';
import { readPhoneNumber, receivedLine, type PhoneReading } from './phone-reading.ts';

const line = (e164: string, country: string | null, international: string, premium = false) => ({ e164, country, international, premium });

describe('readPhoneNumber', () => {
  it.each<[string, string, string[], PhoneReading]>([
    ['', 'US', [], { kind: 'blank' }],
    [' \t', 'US', [], { kind: 'blank' }],
    ['(201) 555-0123', 'US', [], { kind: 'valid', line: line('+12015550123', 'US', '+1 201 555 0123') }],
    ['06 12 34 56 78', 'FR', [], { kind: 'valid', line: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    // A French mobile typed the French way on an English page: never +10612345678.
    ['06 12 34 56 78', 'US', ['US', 'FR'], { kind: 'elsewhere', suggestion: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    ['06 12 34 56 78', 'US', [], { kind: 'invalid' }],
    // The country code without its +.
    ['33 6 12 34 56 78', 'US', [], { kind: 'elsewhere', suggestion: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    [' +44 20 7946 0018', 'US', [], { kind: 'valid', line: line('+442079460018', 'GB', '+44 20 7946 0018') }],
    ['+33 06 12 34 56 78', 'US', [], { kind: 'valid', line: line('+33612345678', 'FR', '+33 6 12 34 56 78') }],
    ['+1 900 555 0123', 'US', [], { kind: 'valid', line: line('+19005550123', 'US', '+1 900 555 0123', true) }],
    ['(555) 010-1234', 'US', [], { kind: 'invalid' }],
    ['+1 555 123 4567', 'FR', [], { kind: 'invalid' }],
    ['12', 'US', ['FR'], { kind: 'invalid' }],
    ['call 201 555 0123', 'US', [], { kind: 'invalid' }],
  ])('%j for %s (also %j)', (raw, country, alternatives, expected) => {
    expect(readPhoneNumber(raw, country, alternatives)).toEqual(expected);
  });
});

describe('receivedLine: what a host takes', () => {
  it.each([
    ['+33612345678', '+33612345678'],
    ['+33 06 12 34 56 78', '+33612345678'],
    [' +1 (201) 555-0123 ', '+12015550123'],
    ['0612345678', null],
    ['+10612345678', null],
    ['+15551234567', null],
  ])('%j -> %s', (raw, e164) => expect(receivedLine(raw)?.e164 ?? null).toBe(e164));
});
