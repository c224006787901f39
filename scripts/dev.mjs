// `pnpm dev`: builds the widget's scripts (not its declarations: those are for publishing, `pnpm
// build`), starts every workspace package's own `dev` script, waits until each page answers, then
// prints one ready block (scripts/dev-ready.mjs) once each Vite page has also loaded every module a
// first visit loads (scripts/dev-warm.mjs), so that visit renders at once. Until then the servers' logs are held back (and
// shown only if one fails); after it, each line is passed on under its package's name. Ctrl-C stops
// the servers and ends quietly with exit code 0 (the root script is `exec node …`: otherwise the
// shell pnpm starts dies of the SIGINT and pnpm prints "ELIFECYCLE Command failed").
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { firstTakenPort, devPorts } from './dev-ports.mjs';
import { addressFromLine, pagesToPoll, readyBlock } from './dev-ready.mjs';
import { warmPage } from './dev-warm.mjs';

const started = performance.now();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The pnpm that runs this script (`pnpm dev` sets npm_execpath); a bare `node scripts/dev.mjs` uses the one on PATH.
const pnpm = process.env.npm_execpath?.endsWith('.cjs') || process.env.npm_execpath?.endsWith('.js') ? [process.execPath, process.env.npm_execpath] : ['pnpm'];

/** Workspace folders (pnpm-workspace.yaml) whose package.json has a `dev` script. */
function devPackages() {
  const globs = [...readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((m) => m[1]);
  const dirs = globs.flatMap((g) => (g.endsWith('/*') ? readdirSync(join(ROOT, g.slice(0, -2))).map((d) => `${g.slice(0, -2)}/${d}`) : [g]));
  return dirs.filter((dir) => {
    const file = join(ROOT, dir, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).scripts?.dev;
  });
}

// Two switches for this script's own test (scripts/dev.test.ts), which runs beside other suites:
// DEV_FREE_PORTS=1 gives every server a free port instead of its fixed one (the pages then still
// send to the local host's usual address); DEV_USE_WIDGET_DIST=1 serves widget/dist as it is, with
// no build and no watch, as those would rewrite files other suites are reading.
const freePorts = process.env.DEV_FREE_PORTS === '1';
const useWidgetDist = process.env.DEV_USE_WIDGET_DIST === '1';
// Every server reads PORT, so one set in the shell would give them all the same port: it is not passed on.
const childEnv = { ...process.env };
delete childEnv.PORT;
if (freePorts) Object.assign(childEnv, { PORT: '0', DEV_SITE_PORT: '0' });

// Each server's own port (scripts/dev-ports.mjs), checked free before anything starts: a taken one
// ends the run with one line naming it and the setting that moves it.
let ports = {};
if (!freePorts) {
  try {
    ports = devPorts(process.env);
  } catch (error) {
    console.error(`pnpm dev: ${error.message}`);
    process.exit(1);
  }
  const taken = await firstTakenPort(ports);
  if (taken) {
    console.error(taken);
    process.exit(1);
  }
  // A moved local host: the pages send to it, unless told where to send.
  const webhookBase = `http://127.0.0.1:${ports['webhook-host']}/webhook/franchise-ai`;
  childEnv.VITE_WEBHOOK_BASE ??= webhookBase;
  childEnv.WEBHOOK_BASE ??= webhookBase;
  childEnv.DEV_SITE_PORT = String(ports.fixture);
  // The local host's consent words link to the dev site's privacy pages, as the production host's to the real ones.
  childEnv.PRIVACY_POLICY_URL ??= `http://127.0.0.1:${ports.site}/privacy`;
  childEnv.PRIVACY_POLICY_URL_FR ??= `http://127.0.0.1:${ports.site}/fr/confidentialite`;
}
// The local host's contact (the endings' link without a booking page) is the site's, where the site sets one.
if (childEnv.VITE_CONTACT_EMAIL) childEnv.CONTACT_EMAIL ??= childEnv.VITE_CONTACT_EMAIL;
if (childEnv.VITE_PHONE_US) childEnv.CONTACT_PHONE ??= childEnv.VITE_PHONE_US;
/** What a package's server reads: its own PORT on top of the shared settings. */
const envFor = (dir) => {
  const port = ports[dir.split('/').pop()];
  return port === undefined ? childEnv : { ...childEnv, PORT: String(port) };
};

const children = new Set();
let ready = false;
let stopping = false;
const held = [];

function run(dir, args, onLine) {
  const child = spawn(pnpm[0], [...pnpm.slice(1), ...args], { cwd: join(ROOT, dir), detached: true, env: envFor(dir), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const name = dir.split('/').pop();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      onLine?.(line);
      // Once stopping, the servers' pnpm report their ending as a failure: not worth a line.
      if (stopping) return;
      if (ready) console.log(`${name} │ ${line}`);
      else held.push(`${name} │ ${line}`);
    });
  }
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => (children.delete(child), resolve({ code, signal }))));
  exited.then(({ code, signal }) => {
    if (stopping || (args[0] === 'build:js' && code === 0)) return;
    // A server that ends by itself: show what it said and stop the rest.
    if (!ready) console.error(held.join('\n'));
    console.error(`${dir}: \`pnpm ${args.join(' ')}\` ended (${signal ?? `exit ${code}`}); stopping the others.`);
    stop(1);
  });
  return exited;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  // Each child leads its own process group (detached): this ends pnpm, its shell and the server.
  const groups = [...children].map((child) => child.pid);
  const signal = (name) => {
    for (const pid of groups) {
      try {
        process.kill(-pid, name);
      } catch {}
    }
  };
  // Signal 0 only asks whether the group still has a process.
  const gone = (pid) => {
    try {
      process.kill(-pid, 0);
      return false;
    } catch {
      return true;
    }
  };
  signal('SIGTERM');
  // Ends once every process of every group has ended, not just each pnpm: a server may still be
  // closing its port when its pnpm has gone. One that takes over 3 s is killed.
  const deadline = performance.now() + 3000;
  setInterval(() => {
    if (groups.every(gone)) process.exit(code);
    if (performance.now() > deadline) signal('SIGKILL');
  }, 50);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const addresses = {};
const warming = [];
const KIND_BY_PACKAGE = { site: 'site', 'react-host': 'react' };
const startDev = (dir) =>
  run(dir, ['run', 'dev'], (line) => {
    const found = addressFromLine(line);
    if (!found) return;
    const key = found.kind === 'local' ? KIND_BY_PACKAGE[dir.split('/').pop()] : found.kind;
    if (key) addresses[key] = found.url;
    if (found.kind === 'local') warming.push(warmPage(found.url));
    if (found.database) addresses.database = found.database;
  });
// The node servers start while the widget builds (they read its files only when a page asks, and no
// page is asked before the build ends). The vite servers start after it: one started before
// widget/dist existed kept failing to resolve `@franchise-ai/widget`. So does the widget's own watch
// build, as both write dist/.
const usesVite = (dir) => /^vite\b/.test(JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).scripts.dev);
const packages = devPackages().filter((dir) => !(useWidgetDist && dir === 'widget'));
const afterBuild = packages.filter((dir) => dir === 'widget' || usesVite(dir));
for (const dir of packages.filter((d) => !afterBuild.includes(d))) startDev(dir);
const built = useWidgetDist ? { code: 0 } : await run('widget', ['build:js']);
if (built.code !== 0) stop(1);
else for (const dir of afterBuild) startDev(dir);

const NEEDED = ['site', 'partner', 'react', 'webhook', 'fixture'];
while (!NEEDED.every((k) => addresses[k])) await new Promise((r) => setTimeout(r, 100));

async function answers(url) {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(5000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
for (const url of pagesToPoll(addresses)) while (!(await answers(url))) await new Promise((r) => setTimeout(r, 200));
await Promise.all(warming);

if (!stopping) {
  ready = true;
  console.log(readyBlock(addresses, process.env, (performance.now() - started) / 1000));
}
