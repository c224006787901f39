import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeDatabase, spawnHost } from '../src/webhook-host.ts';

const withWal = (databasePath: string): string[] => [databasePath, `${databasePath}-wal`, `${databasePath}-shm`];

const LEAD = { name: 'Ada Lovelace', company: 'Analytical Franchises', email: 'ada@example.com', businessType: 'franchisor' };

/** Starts a host, stores one request and SIGKILLs it, so the -wal and -shm files stay behind. */
async function databaseWithWalFiles(databasePath?: string): Promise<string> {
  const host = await spawnHost(databasePath ? { databasePath } : {});
  const response = await fetch(`${host.webhookBase}/demo_form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(LEAD),
  });
  expect(response.status).toBe(200);
  await host.kill();
  for (const file of withWal(host.databasePath)) expect(existsSync(file)).toBe(true);
  return host.databasePath;
}

// One host per test (each leaves real -wal/-shm files behind), and each test walks its folder
// through the states removeDatabase tells apart, so that two host starts cover them all.
describe('removeDatabase', () => {
  it('in a folder spawnHost did not make: removes the database and its -wal/-shm, nothing else; the folder stays, also once empty', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'webhook-host-callers-'));
    try {
      writeFileSync(join(folder, 'notes.txt'), 'not a database');
      const databasePath = await databaseWithWalFiles(join(folder, 'leads.db'));
      removeDatabase(databasePath);
      for (const file of withWal(databasePath)) expect(existsSync(file)).toBe(false);
      expect(existsSync(join(folder, 'notes.txt'))).toBe(true);
      rmSync(join(folder, 'notes.txt'));
      removeDatabase(databasePath);
      expect(existsSync(folder)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("in spawnHost's own folder: keeps it while other files are in it, removes it once empty, and is harmless when called again", async () => {
    const databasePath = await databaseWithWalFiles();
    const folder = dirname(databasePath);
    try {
      writeFileSync(join(folder, 'keep.txt'), 'someone else’s');
      removeDatabase(databasePath);
      for (const file of withWal(databasePath)) expect(existsSync(file)).toBe(false);
      expect(existsSync(join(folder, 'keep.txt'))).toBe(true);
      rmSync(join(folder, 'keep.txt'));
      removeDatabase(databasePath);
      expect(existsSync(folder)).toBe(false);
      expect(() => removeDatabase(databasePath)).not.toThrow();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
