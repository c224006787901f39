import { expect } from 'vitest';

/** Polls until the assertion holds (10 s), instead of sleeping. */
export const poll = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: 10_000, interval: 50, ...(message ? { message } : {}) });
