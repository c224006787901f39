import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_PORTS, devPorts, firstTakenPort, portHolder, portTakenLine } from './dev-ports.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A port of 127.0.0.1 held by this process until the test ends. */
async function holdPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('the ports pnpm dev serves on', () => {
  it('takes each default, or the setting that moves it, and names a setting that is no port', () => {
    expect(devPorts({})).toEqual({ site: 5173, 'script-tag': 5174, 'react-host': 5175, 'webhook-host': 8787, fixture: 8790 });
    expect(devPorts({ SITE_PORT: '6000', WEBHOOK_PORT: ' 9000 ' })).toMatchObject({ site: 6000, 'webhook-host': 9000 });
    expect(() => devPorts({ SITE_PORT: '5173x' })).toThrow('SITE_PORT must be a port number from 1 to 65535; got "5173x".');
    expect(() => devPorts({ FIXTURE_PORT: '70000' })).toThrow('FIXTURE_PORT');
  });

  it('says which port, what holds it, and the setting that moves it, in one line', () => {
    const line = portTakenLine('site', 5173, 'node (pid 42)');
    expect(line).toBe(
      'pnpm dev: port 5173 (the site) is already in use by node (pid 42); stop it, or set SITE_PORT to a free port, e.g. SITE_PORT=5273 pnpm dev.',
    );
    expect(portTakenLine('webhook-host', 8787, null)).not.toContain(' by ');
    expect(Object.values(DEV_PORTS).map((p) => p.setting)).toEqual(['SITE_PORT', 'PARTNER_PORT', 'REACT_PORT', 'WEBHOOK_PORT', 'FIXTURE_PORT']);
  });

  it.runIf(process.platform === 'linux')('finds the process that holds a port', async () => {
    const port = await holdPort();
    expect(portHolder(port)).toMatch(new RegExp(`\\(pid ${process.pid}\\)$`));
    expect(await firstTakenPort({ site: port })).toContain(`port ${port} (the site) is already in use by `);
  });

  it('ends pnpm dev with that one line and exit code 1 before any server starts', { timeout: 20_000 }, async () => {
    const port = await holdPort();
    const dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SITE_PORT: String(port), DEV_FREE_PORTS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    dev.stdout.on('data', (chunk) => (output += chunk));
    dev.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => dev.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^pnpm dev: port ${port} \\(the site\\) is already in use.*set SITE_PORT to a free port`)),
    ]);
  });
});
