import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPreviewServer } from '../../scripts/preview-server.mjs';

/** site/dist, as global setup built it. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface Preview {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  stop(): Promise<void>;
}

/** The same server as `node scripts/preview.mjs`, in this process, on a free port. */
export async function startPreview(): Promise<Preview> {
  const server = createPreviewServer(DIST);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
