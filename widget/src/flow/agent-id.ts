import { AGENT_ID_LENGTH, AGENT_ID_PREFIX } from '../figures.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// 252 is the largest multiple of 36 below 256: bytes above it are redrawn, so no modulo bias.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export const AGENT_ID_PATTERN = new RegExp(`^${AGENT_ID_PREFIX}[A-Z0-9]{${AGENT_ID_LENGTH}}$`);

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;
const cryptoRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** `MSO-` plus 6 upper-case alphanumerics. Display only: never sent nor stored. */
export function createAgentId(random: RandomSource = cryptoRandom): string {
  let id = '';
  while (id.length < AGENT_ID_LENGTH) {
    for (const byte of random(new Uint8Array(AGENT_ID_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && id.length < AGENT_ID_LENGTH) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return AGENT_ID_PREFIX + id;
}
