// Visitors' text shown in the operator's terminal (pnpm leads) must stay text: a control
// character in a name could clear the screen, move the cursor, rewrite earlier lines or, with
// bidi overrides, show the line in another order than it is stored.

/**
 * What a terminal would act on instead of show: C0 controls, DEL, C1 controls (U+0080-009F,
 * which some terminals read as escape sequences), the bidi marks, embeddings, overrides and
 * isolates (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), and the line and paragraph
 * separators (U+2028-2029). Also the backslash, so that an escape in the output always means
 * an escaped character, never a visitor who typed one.
 */
const UNSAFE = /[\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, '0');

/** `text` with every unsafe character as a visible escape: `\x1b`, `\x0d`, `\u202e`, `\\`. */
export const escapeForTerminal = (text: string): string =>
  text.replace(UNSAFE, (char) => {
    const code = char.charCodeAt(0);
    if (char === '\\') return '\\\\';
    return code < 0x100 ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
