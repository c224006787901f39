import { BODY_REFUSALS, isJsonType, MAX_BODY_BYTES } from '@franchise-ai/shared/request-body';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { limitRefusal, type LimitCode } from '@franchise-ai/shared/rate-limits';

export { MAX_BODY_BYTES };

/** A request the host refuses: the status and the JSON it answers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Reads a JSON body of at most 16 KB (`maxBytes`: the provider's call reports are longer); 415, 413 and 400 are thrown as HttpErrors. */
export async function readJsonBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (!isJsonType(req.headers['content-type'])) {
    throw new HttpError(BODY_REFUSALS.notJson.status, BODY_REFUSALS.notJson.error);
  }
  const message = maxBytes === MAX_BODY_BYTES ? BODY_REFUSALS.tooLarge.error : `The body must be at most ${maxBytes} bytes.`;
  const tooLarge = () => new HttpError(BODY_REFUSALS.tooLarge.status, message, {}, { Connection: 'close' });
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(BODY_REFUSALS.unparsable.status, BODY_REFUSALS.unparsable.error);
  }
}

/** A 429: the limit's words, its `code` (which the widget words in the visitor's language) and when to try again. */
export const tooManyRequests = (retryAfterSeconds: number, code: LimitCode) => {
  const { error, ...extra } = limitRefusal(code, retryAfterSeconds);
  return new HttpError(429, error, extra, { 'Retry-After': String(retryAfterSeconds) });
};
