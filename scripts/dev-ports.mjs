// The fixed ports `pnpm dev` (scripts/dev.mjs) serves on, the setting that moves each, and what to
// say when one is taken: one line naming the port, what holds it when this machine says, and the
// setting, checked before any server starts, instead of a server's stack trace after the others started.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Each server `pnpm dev` starts on a fixed port of 127.0.0.1, by its package folder's name: its
 * default and the setting that moves it (docs/DEVELOPMENT.md lists them).
 */
export const DEV_PORTS = {
  site: { label: 'the site', port: 5173, setting: 'SITE_PORT' },
  'script-tag': { label: 'the partner page', port: 5174, setting: 'PARTNER_PORT' },
  'react-host': { label: 'the React host', port: 5175, setting: 'REACT_PORT' },
  'webhook-host': { label: 'the local webhook host', port: 8787, setting: 'WEBHOOK_PORT' },
  fixture: { label: 'the sample franchisor site', port: 8790, setting: 'FIXTURE_PORT' },
};

/**
 * The port each server gets from `env`: its setting when set, else its default. Throws, naming the
 * setting, for a value that is no port (1-65535).
 * @returns {Record<keyof typeof DEV_PORTS, number>}
 */
export function devPorts(env) {
  return Object.fromEntries(
    Object.entries(DEV_PORTS).map(([name, { port, setting }]) => {
      const raw = env[setting]?.trim();
      if (!raw) return [name, port];
      if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535)
        throw new Error(`${setting} must be a port number from 1 to 65535; got "${env[setting]}".`);
      return [name, Number(raw)];
    }),
  );
}

/**
 * The one line for a taken port. `holder` is what holds it (`node (pid 4242)`), or null when this
 * machine does not say (another user's process, or no /proc).
 */
export function portTakenLine(name, port, holder) {
  const { label, setting } = DEV_PORTS[name];
  const by = holder ? ` by ${holder}` : '';
  return `pnpm dev: port ${port} (${label}) is already in use${by}; stop it, or set ${setting} to a free port, e.g. ${setting}=${port + 100} pnpm dev.`;
}

/** Resolves true when nothing listens on `port` of 127.0.0.1: binding it there succeeds. */
export const portFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

/**
 * What listens on `port`, read from Linux's /proc (the socket's inode in /proc/net/tcp{,6}, then
 * the process whose descriptors hold it), as `comm (pid N)`; null elsewhere or when it is not ours to see.
 */
export function portHolder(port) {
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text;
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const row of text.split('\n').slice(1)) {
        const cols = row.trim().split(/\s+/);
        // cols[1] local address:port, cols[3] state (0A is LISTEN), cols[9] inode.
        if (cols[1]?.endsWith(`:${hex}`) && cols[3] === '0A') inodes.add(cols[9]);
      }
    }
    if (inodes.size === 0) return null;
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      let fds;
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        let target;
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return `${readFileSync(`/proc/${pid}/comm`, 'utf8').trim()} (pid ${pid})`;
      }
    }
    return null;
  } catch {
    return null;
  }
}

/** The line for the first taken port of `ports`, or null when every one is free. */
export async function firstTakenPort(ports) {
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portFree(port))) return portTakenLine(name, port, portHolder(port));
  }
  return null;
}
