import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { retryWhileBusy } from './busy-retry.ts';
import { storageProblem, type StorageProblem } from './storage-errors.ts';

const sqliteError = (code: string) => new Database.SqliteError(`error ${code}`, code);

describe('storageProblem', () => {
  it.each<[unknown, StorageProblem]>([
    [sqliteError('SQLITE_BUSY'), 'busy'],
    [sqliteError('SQLITE_BUSY_SNAPSHOT'), 'busy'],
    [sqliteError('SQLITE_LOCKED'), 'busy'],
    [sqliteError('SQLITE_READONLY'), 'failed'],
    [sqliteError('SQLITE_FULL'), 'failed'],
    [sqliteError('SQLITE_IOERR_WRITE'), 'failed'],
    [sqliteError('SQLITE_CONSTRAINT_TRIGGER'), 'failed'],
    [new Error('SQLITE_BUSY'), 'not-storage'],
    ['SQLITE_BUSY', 'not-storage'],
  ])('%s: %s', (error, expected) => {
    expect(storageProblem(error)).toBe(expected);
  });
});

describe('retryWhileBusy', () => {
  it('tries again after SQLITE_BUSY until the attempt gets through', async () => {
    let attempts = 0;
    const value = await retryWhileBusy(() => {
      if (++attempts < 3) throw sqliteError('SQLITE_BUSY');
      return 'written';
    });
    expect(value).toBe('written');
    expect(attempts).toBe(3);
  });

  it('throws any other error at once', async () => {
    let attempts = 0;
    const full = sqliteError('SQLITE_FULL');
    await expect(
      retryWhileBusy(() => {
        attempts++;
        throw full;
      }),
    ).rejects.toBe(full);
    expect(attempts).toBe(1);
  });

  it('gives up with the busy error once the deadline has passed', async () => {
    let attempts = 0;
    await expect(
      retryWhileBusy(() => {
        attempts++;
        throw sqliteError('SQLITE_BUSY');
      }, 30),
    ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(attempts).toBeGreaterThan(1);
  });
});
