import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal-text.ts';

describe('escapeForTerminal', () => {
  it.each([
    ['plain text', 'Ada Lovelace <ada@example.com>', 'Ada Lovelace <ada@example.com>'],
    ['letters beyond ASCII', 'Zoë Ñúñez 山田 🚀 👨‍👩‍👧', 'Zoë Ñúñez 山田 🚀 👨‍👩‍👧'],
    ['clear screen and home', '\x1b[2J\x1b[HAda', '\\x1b[2J\\x1b[HAda'],
    ['carriage return over the line', 'Ada\rFAKE', 'Ada\\x0dFAKE'],
    ['newline and tab', 'a\nb\tc', 'a\\x0ab\\x09c'],
    ['NUL, bell, backspace', '\0\x07\x08', '\\x00\\x07\\x08'],
    ['DEL', 'a\x7f', 'a\\x7f'],
    ['C1 CSI (U+009B)', '\x9b2J', '\\x9b2J'],
    ['C1 range ends', '\x80\x9f\xa0', '\\x80\\x9f\xa0'],
    ['right-to-left override', 'moc.elpmaxe@\u202eada', 'moc.elpmaxe@\\u202eada'],
    [
      'every bidi control',
      '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
      '\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069',
    ],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['a backslash the visitor typed', 'back\\x1bslash', 'back\\\\x1bslash'],
    ['empty', '', ''],
  ])('%s', (_, text, expected) => expect(escapeForTerminal(text)).toBe(expected));
});
