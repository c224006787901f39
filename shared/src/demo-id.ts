// The demo's identifier: `demo_form` answers it, the widget sends it back to
// `demo_status` and to the later calls so the host links them to the lead and its profile. It is the
// only key to what the host read from the visitor's site, so it must be unguessable: 128 random bits.
// Where the bits come from is the host's business (node:crypto on the stand-in; whatever the n8n
// Code node's sandbox offers), so this module only writes them down: it runs in a plain vm.

/** How many random bytes a demoId carries: 128 bits, as a version-4 UUID's 122 and more. */
export const DEMO_ID_BYTES = 16;

/** A demoId as written: the 16 bytes in base64url without padding, 22 characters. */
export const DEMO_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * `bytes` (exactly DEMO_ID_BYTES of them, from a cryptographic source) as a demoId. Written by hand
 * rather than with Buffer or btoa, which a Code node's sandbox may not have.
 */
export function demoIdFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== DEMO_ID_BYTES) throw new Error(`A demoId takes ${DEMO_ID_BYTES} random bytes, not ${bytes.length}.`);
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const characters = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let at = 0; at < characters; at += 1) text += ALPHABET[(chunk >> (18 - 6 * at)) & 63];
  }
  return text;
}

export const isDemoId = (value: unknown): value is string => typeof value === 'string' && DEMO_ID_PATTERN.test(value);
