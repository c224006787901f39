// The real n8n the integration tests run, installed once into a cache folder outside the
// repository and reused: about 2.3 GB, 5-20 minutes cold on two cores. Pinned to 2.8.4, the last
// line that runs on Node 20; on this registry it installs only with xlsx overridden to 0.18.5.
// Prints the path of the n8n binary on its last line. Every failure ends with one line saying what
// failed and what to do.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const N8N_VERSION = '2.8.4';
const MANIFEST = { private: true, dependencies: { n8n: N8N_VERSION }, overrides: { xlsx: '0.18.5' } };

/** `N8N_CACHE_DIR`, else ~/.cache/franchise-ai-demo/n8n-2.8.4 (XDG_CACHE_HOME honoured). */
export function n8nCacheDir(env = process.env) {
  return env.N8N_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'franchise-ai-demo', `n8n-${N8N_VERSION}`);
}

/** The installed n8n's entry script (run with `node`), whether or not it is installed yet. */
export const n8nBin = (dir = n8nCacheDir()) => join(dir, 'node_modules', 'n8n', 'bin', 'n8n');

// Written last, after npm succeeded: a half-finished install (killed, disk full) is redone.
const stampOf = (dir) => join(dir, 'installed.json');

export function isInstalled(dir = n8nCacheDir()) {
  if (!existsSync(stampOf(dir)) || !existsSync(n8nBin(dir))) return false;
  return JSON.parse(readFileSync(stampOf(dir), 'utf8')).version === N8N_VERSION;
}

export function ensureN8n(dir = n8nCacheDir()) {
  if (isInstalled(dir)) return n8nBin(dir);
  console.log(`Installing n8n ${N8N_VERSION} into ${dir} (once; about 2.3 GB, 5-20 minutes)...`);
  rmSync(stampOf(dir), { force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  const started = Date.now();
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  if (npm.status !== 0 || !existsSync(n8nBin(dir))) {
    throw new Error(
      `npm install of n8n ${N8N_VERSION} in ${dir} failed (exit ${npm.status ?? npm.error?.code}); see npm's message above. Free disk space or fix the registry, then run the tests again.`,
    );
  }
  writeFileSync(stampOf(dir), `${JSON.stringify({ version: N8N_VERSION, seconds: Math.round((Date.now() - started) / 1000) })}\n`);
  console.log(`Installed n8n ${N8N_VERSION} in ${Math.round((Date.now() - started) / 1000)} s.`);
  return n8nBin(dir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(ensureN8n());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
