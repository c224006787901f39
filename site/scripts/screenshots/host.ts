// The local webhook host the demo submits to (hosts/reference, the real process), answering
// the browser-call step with a placeholder assistant id so that step is reachable offline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDatabase, spawnHost } from '@franchise-ai/test-support/webhook-host';

export interface Host {
  webhookBase: string;
  stop(): Promise<void>;
}

export const ASSISTANT_ID = 'asst_screenshots';
const PRODUCT = 'franchise-ai';

/** The `webhook-base` a built /demo page names (prerendered on <franchise-ai-demo>). */
export function builtWebhookBase(dist: string): string {
  const html = readFileSync(join(dist, 'demo/index.html'), 'utf8');
  const base = /<franchise-ai-demo\b[^>]*\swebhook-base="([^"]+)"/.exec(html)?.[1];
  if (!base) throw new Error(`${join(dist, 'demo/index.html')} has no <franchise-ai-demo webhook-base>: build the site first`);
  return base.replace(/&amp;/g, '&');
}

/** On a free port, or on the port an existing build names (`base`), which must then be local. */
export async function startHost(base?: string): Promise<Host> {
  let port = 0;
  if (base) {
    const url = new URL(base);
    if (url.hostname !== '127.0.0.1' || !url.port || url.pathname !== `/webhook/${PRODUCT}`) {
      throw new Error(`the built site posts to ${base}, not to a local host this script can start: rebuild (drop --no-build)`);
    }
    port = Number(url.port);
  }
  const host = await spawnHost({ env: { RATE_LIMIT: 'off', VAPI_ASSISTANT_ID: ASSISTANT_ID }, product: PRODUCT, port }).catch((error: Error) => {
    throw new Error(`the webhook host did not start${port ? ` on port ${port} (in use?)` : ''}: ${error.message}`);
  });
  return {
    webhookBase: host.webhookBase,
    async stop() {
      await host.stop();
      removeDatabase(host.databasePath);
    },
  };
}
