import { createServer, type IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { listen, type Listening } from './listen.ts';

// The team's end of LEAD_WEBHOOK_URL, as a receiver following Standard Webhooks writes it: a real
// HTTP server on 127.0.0.1 that verifies each delivery with the specification's own library
// (`standardwebhooks`' verify: the signature over id, timestamp and body, the timestamp's tolerance)
// and keeps what verified. `stop()` then `start()` brings it down and back on the same port, as a
// receiver that was down for a while.

/** A delivery whose signature verified. */
export interface SignedDelivery {
  id: string;
  timestamp: number;
  /** The body as received, and as the library parsed it. */
  body: string;
  payload: unknown;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:PORT/lead-events`: the host's LEAD_WEBHOOK_URL. */
  url: string;
  /** Every delivery that verified, in order of arrival (a retry of one is kept again). */
  deliveries: SignedDelivery[];
  /** Deliveries refused (401), with the library's reason. */
  refused: string[];
  /** The status answered to a verified delivery: 204 unless a test sets another. */
  status: number;
  /** Listens again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Closes: connections are refused until `start`. */
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Starts a receiver for events signed with `secret` (`whsec_…`) on a free port of 127.0.0.1. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const deliveries: SignedDelivery[] = [];
  const refused: string[] = [];
  let port = 0;
  let listening: Listening | null = null;

  const start = async () => {
    const server = createServer((req, res) => {
      void readBody(req).then((body) => {
        const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
        let payload: unknown;
        try {
          payload = verifier.verify(body, headers);
        } catch (error) {
          refused.push((error as Error).message);
          res.writeHead(401).end();
          return;
        }
        deliveries.push({ id: headers['webhook-id']!, timestamp: Number(headers['webhook-timestamp']), body, payload });
        res.writeHead(receiver.status).end();
      });
    });
    listening = await listen(server, port);
    port = listening.port;
  };

  await start();
  const receiver: WebhookReceiver = {
    get url() {
      return `http://127.0.0.1:${port}/lead-events`;
    },
    deliveries,
    refused,
    status: 204,
    start,
    async stop() {
      await listening?.stop();
      listening = null;
    },
  };
  return receiver;
}
