import { type AddressInfo, createServer, type Socket } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';

// Debian's Firefox ESR (never a downloaded one), driven by puppeteer-core over WebDriver BiDi, with
// a fresh profile per launch (puppeteer makes a temporary one and removes it on close). Nothing may
// reach the internet, and the suite can see that nothing tried: every connection Firefox makes
// outside 127.0.0.1 goes through a SOCKS proxy of ours on 127.0.0.1 that writes down where it was
// going and refuses it.

export type { Browser, ConsoleMessage, ElementHandle, Page } from 'puppeteer-core';

/** `FIREFOX_PATH` points elsewhere, read the same way as scripts/ensure-firefox.mjs so both agree on the binary. */
export const firefoxPath = (env: NodeJS.ProcessEnv = process.env): string => env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

/**
 * The profile's preferences on top of puppeteer's own (which already turn off updates, safe
 * browsing, health reports and first-run pages). `outsidePort`: the refusing proxy's port.
 */
export const firefoxPrefs = (outsidePort: number): Record<string, string | number | boolean> => ({
  // Everything but 127.0.0.1 and localhost (never proxied: network.proxy.allow_hijacking_localhost
  // stays false) goes to our proxy, names included, so not even a DNS lookup leaves the machine.
  'network.proxy.type': 1,
  'network.proxy.socks': '127.0.0.1',
  'network.proxy.socks_port': outsidePort,
  'network.proxy.socks_version': 5,
  'network.proxy.socks_remote_dns': true,
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.predictor.enabled': false,
  // Captive portal and connectivity checks.
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  // Remote settings: release builds ignore a server override unless MOZ_DISABLE_NONLOCAL_CONNECTIONS
  // is set (see firefoxEnv); with it, this exact URL makes them skip all remote activity.
  'services.settings.server': 'data:,#remote-settings-dummy/v1',
  // Telemetry and studies.
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'toolkit.telemetry.server': '',
  'datareporting.healthreport.uploadEnabled': false,
  'app.normandy.enabled': false,
  'app.shield.optoutstudies.enabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  // Updates of the browser and its system add-ons, push, and the region lookup.
  'app.update.auto': false,
  'extensions.systemAddon.update.enabled': false,
  'dom.push.connection.enabled': false,
  'browser.region.update.enabled': false,
  'browser.region.network.url': '',
  'browser.safebrowsing.update.enabled': false,
});

/**
 * Firefox's own switch for test runs: it refuses connections to anything non-local and lets the
 * remote-settings override above take effect (without it Firefox still polls Mozilla's server).
 */
export const firefoxEnv = (env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> => ({ ...env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' });

/** A SOCKS5 proxy on 127.0.0.1 that accepts no connection: it notes each target (`host:port`) and refuses it. */
export interface OutsideRecorder {
  port: number;
  /** Where the browser tried to go, in order. */
  attempts: string[];
  stop(): Promise<void>;
}

/** `host:port` of a SOCKS5 CONNECT request (RFC 1928, section 4), or undefined when `request` is not one. */
export function socksTarget(request: Buffer): string | undefined {
  if (request.length < 7 || request[0] !== 5 || request[1] !== 1) return undefined;
  const type = request[3];
  const [host, end] =
    type === 1
      ? [[...request.subarray(4, 8)].join('.'), 8]
      : type === 3
        ? [request.subarray(5, 5 + request[4]!).toString('latin1'), 5 + request[4]!]
        : type === 4
          ? [
              request
                .subarray(4, 20)
                .toString('hex')
                .replace(/(.{4})(?!$)/g, '$1:'),
              20,
            ]
          : [undefined, 0];
  if (host === undefined || request.length < end + 2) return undefined;
  return `${type === 4 ? `[${host}]` : host}:${request.readUInt16BE(end)}`;
}

export async function startOutsideRecorder(): Promise<OutsideRecorder> {
  const attempts: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let greeted = false;
    socket.on('data', (chunk) => {
      // The greeting: pick "no authentication" so the client goes on to say where it is going.
      if (!greeted) return void ((greeted = true), socket.write(Buffer.from([5, 0])));
      attempts.push(socksTarget(chunk) ?? `unreadable request ${chunk.toString('hex')}`);
      // Reply 2: "connection not allowed by ruleset".
      socket.end(Buffer.from([5, 2, 0, 1, 0, 0, 0, 0, 0, 0]));
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    attempts,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** One launched Firefox and the record of where it tried to go outside 127.0.0.1. */
export interface Firefox {
  browser: Browser;
  outsideAttempts: string[];
  close(): Promise<void>;
}

export async function launchFirefox(env: NodeJS.ProcessEnv = process.env): Promise<Firefox> {
  const outside = await startOutsideRecorder();
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: firefoxPath(env),
      headless: true,
      extraPrefsFirefox: firefoxPrefs(outside.port),
      env: firefoxEnv(env),
    });
    return {
      browser,
      outsideAttempts: outside.attempts,
      async close() {
        await Promise.allSettled([browser.close()]);
        await outside.stop();
      },
    };
  } catch (error) {
    await outside.stop();
    throw error;
  }
}
