import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server of a test, listening on 127.0.0.1. */
export interface Listening {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  port: number;
  /** Drops open connections (a keep-alive socket would hold `close` up) and closes. */
  stop(): Promise<void>;
}

/** Puts `server` on a free port of 127.0.0.1 (or `port`): nothing a test starts listens beyond this machine. */
export async function listen(server: Server, atPort = 0): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(atPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
