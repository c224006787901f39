import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALL_UNCONFIRMED, createApp } from './app.ts';
import { retryWhileBusy } from './busy-retry.ts';
import type { HostConfig } from './config.ts';
import { Store } from './store.ts';
import { VoiceProvider } from './voice-provider.ts';

/** Starting may wait longer for another process's lock than a request may: nothing is being served yet. */
const STARTUP_DEADLINE_MS = 10_000;

export interface RunningHost {
  url: string;
  server: Server;
  store: Store;
  close(): Promise<void>;
}

export async function startWebhookHost(config: HostConfig, log: (line: string) => void = console.log): Promise<RunningHost> {
  const store = new Store(config.databasePath, config.databaseSync);
  // Calls a killed process left between recording and settling: they may have rung.
  const abandoned = await retryWhileBusy(
    () => store.settleAbandonedCalls((requestId) => ({ status: 502, body: { error: CALL_UNCONFIRMED, requestId } }), 'The host stopped before the voice provider answered.'),
    STARTUP_DEADLINE_MS,
  );
  if (abandoned > 0) log(`${abandoned} call(s) left pending by a previous run are now call-unconfirmed (they may have rung).`);
  const handle = createApp(config, store, new VoiceProvider(config.voice), log);
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    server,
    store,
    async close() {
      // Requests held open by FAIL=...:timeout would otherwise keep the server alive.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.close();
    },
  };
}
