import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

// Runs in its own process, as another program writing the same file would: a second connection
// in the test's own process would share its event loop and prove nothing about the host's.
// It takes SQLite's write lock (BEGIN IMMEDIATE), says so, and commits when its stdin closes,
// which also happens when the parent dies, so the lock never outlives the run.
const HOLDER = `
  const Database = require('better-sqlite3');
  const db = new Database(process.argv[1]);
  db.pragma('busy_timeout = 5000');
  db.exec('BEGIN IMMEDIATE');
  process.stdout.write('locked\\n');
  process.stdin.on('end', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
  process.stdin.resume();
`;

export interface WriteLock {
  /** Commits the holder's empty transaction and waits for it to exit. */
  release(): Promise<void>;
}

/** Holds the database's write lock from another process until `release`. */
export async function holdWriteLock(databasePath: string): Promise<WriteLock> {
  const child = spawn(process.execPath, ['-e', HOLDER, databasePath], { cwd: PACKAGE_DIR, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('locked\n')) resolve();
    });
    void exited.then((code) => reject(new Error(`the lock holder exited with ${code} before locking:\n${output}`)));
  });
  return {
    async release() {
      child.stdin!.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the lock holder exited with ${code}:\n${output}`);
    },
  };
}
