// Read by pnpm when it starts; it exports no hooks, so the lockfile records no checksum of it. Its
// one job: on an install that will build the local host's SQLite driver (better-sqlite3, a native
// module) for the first time, say so first, as compiling it from source takes minutes with no output.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const installing = process.argv.slice(2).some((arg) => ['install', 'i', 'add'].includes(arg));
const store = join(__dirname, 'node_modules', '.pnpm');
const built = () =>
  existsSync(store) &&
  readdirSync(store)
    .filter((entry) => entry.startsWith('better-sqlite3@'))
    .some((entry) => existsSync(join(store, entry, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')));
if (installing && !built()) {
  console.log(
    "First install: better-sqlite3, the local webhook host's SQLite, is built for this machine. Without a prebuilt binary to download it compiles from source (python3, make and a C++ compiler), which may take a few minutes.",
  );
}

module.exports = {};
