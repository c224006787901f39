// The first step of `pnpm build`: names each of the spec's placeholders (src/placeholders.ts) that
// this build would still ship, and each address setting set to an address no visitor can reach (a
// `.test`, `.example` or loopback one: src/unreachable-settings.ts), in loud blocks on stderr. With
// STRICT_PLACEHOLDERS=1 (release pipelines) it exits 1 instead, so the build stops before anything
// is built. It reads the build's variables as `vite build` does (the environment, then site/.env*
// files for production), so what it names is what would ship. `vite dev` never runs it: local
// development stays quiet.
import { fileURLToPath } from 'node:url';
import { loadEnv, runnerImport } from 'vite';

const SITE = fileURLToPath(new URL('..', import.meta.url));
const load = async (file) =>
  (await runnerImport(fileURLToPath(new URL(`../src/${file}`, import.meta.url)), { root: SITE, configFile: false, logLevel: 'warn' })).module;
const [placeholders, addresses] = await Promise.all([load('placeholders.ts'), load('unreachable-settings.ts')]);

const strict = process.env.STRICT_PLACEHOLDERS === '1';
const env = loadEnv('production', SITE, 'VITE_');
const unset = placeholders.unsetPlaceholders(env);
const unreachable = addresses.unreachableSettings(env);
if (unset.length === 0) console.log('placeholders: every one is set');
else console.error(placeholders.placeholderWarning(unset, strict));
if (unreachable.length > 0) console.error(addresses.unreachableWarning(unreachable, strict));
if (strict && (unset.length > 0 || unreachable.length > 0)) process.exitCode = 1;
