// The first step of `pnpm build`: names each of the spec's placeholders (src/placeholders.ts) that
// this build would still ship, in a loud block on stderr. With STRICT_PLACEHOLDERS=1 (release
// pipelines) it exits 1 instead, so the build stops before anything is built. It reads the build's
// variables as `vite build` does (the environment, then site/.env* files for production), so what it
// names is what would ship. `vite dev` never runs it: local development stays quiet.
import { fileURLToPath } from 'node:url';
import { loadEnv, runnerImport } from 'vite';

const SITE = fileURLToPath(new URL('..', import.meta.url));
const { module: placeholders } = await runnerImport(fileURLToPath(new URL('../src/placeholders.ts', import.meta.url)), {
  root: SITE,
  configFile: false,
  logLevel: 'warn',
});

const strict = process.env.STRICT_PLACEHOLDERS === '1';
const unset = placeholders.unsetPlaceholders(loadEnv('production', SITE, 'VITE_'));
if (unset.length === 0) {
  console.log('placeholders: every one is set');
} else {
  console.error(placeholders.placeholderWarning(unset, strict));
  if (strict) process.exitCode = 1;
}
