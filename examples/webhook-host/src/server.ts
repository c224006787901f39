import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { HostConfig } from './config.ts';
import { Store } from './store.ts';
import { VoiceProvider } from './voice-provider.ts';

export interface RunningHost {
  url: string;
  server: Server;
  store: Store;
  close(): Promise<void>;
}

export async function startWebhookHost(config: HostConfig, log: (line: string) => void = console.log): Promise<RunningHost> {
  const store = new Store(config.databasePath, config.databaseSync);
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
