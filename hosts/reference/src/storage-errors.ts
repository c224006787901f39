import Database from 'better-sqlite3';
import { HttpError } from './http.ts';

/**
 * What went wrong with the database, as far as the answer is concerned:
 * - `busy`: another connection holds the write lock (SQLITE_BUSY, SQLITE_LOCKED); it passes by itself;
 * - `failed`: any other SQLite error (read-only file, disk full, I/O error, a trigger that refuses);
 * - `not-storage`: not a database error at all.
 */
export type StorageProblem = 'busy' | 'failed' | 'not-storage';

export function storageProblem(error: unknown): StorageProblem {
  if (!(error instanceof Database.SqliteError)) return 'not-storage';
  return /^SQLITE_(BUSY|LOCKED)/.test(error.code) ? 'busy' : 'failed';
}

/** Seconds a client should wait: a lock is held for moments, a full or read-only disk needs an operator. */
export const STORAGE_RETRY_AFTER_SECONDS = { busy: 1, failed: 30 } as const;

/** The 503 a request gets when its record could not be written: nothing of it was stored or done. */
export function storageUnavailable(problem: 'busy' | 'failed'): HttpError {
  const seconds = STORAGE_RETRY_AFTER_SECONDS[problem];
  const message =
    problem === 'busy'
      ? `The webhook host's database is busy; nothing was stored or done. Retry in ${seconds} s.`
      : `The webhook host cannot write its database; nothing was stored or done. Retry in ${seconds} s.`;
  return new HttpError(503, message, { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
}
