import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

// A real SMTP server on 127.0.0.1 for the tests of the follow-up mails: it takes every
// message without authentication or TLS, parses it with mailparser, and keeps it. `stop()` then
// `start()` brings it down and back on the same port, as a mail server that was down for a while.

/** A message as the server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** Every part that is not the text, as mailparser sees it (an attached file, a text/calendar alternative), in order. */
  attachments: ReceivedPart[];
}

export interface ReceivedPart {
  /** The file's name, when the part gives one. */
  filename: string | undefined;
  /** Its media type without parameters, e.g. `text/calendar`. */
  contentType: string;
  /** Its Content-Type parameters, lower-case names, e.g. `{ charset: 'utf-8', method: 'REQUEST' }`. */
  params: Record<string, string>;
  /** `attachment` or `inline`, when the part says. */
  disposition: string | undefined;
  /** Its content, decoded, as UTF-8 text. */
  content: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`: the hosts' SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, in order. */
  messages: ReceivedMail[];
  /** Resolves once at least `count` messages have arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Listens again on the same port (after `stop`). */
  start(): Promise<void>;
  /** Closes: connections are refused until `start`. */
  stop(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1 (or `atPort`). */
export async function startSmtpSink(atPort = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | null = null;
  let port = atPort;

  const listen = async () => {
    const current = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, done) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              attachments: parsed.attachments.map((part) => {
                const type = part.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
                return {
                  filename: part.filename,
                  contentType: part.contentType,
                  params: type?.params ?? {},
                  disposition: part.contentDisposition,
                  content: part.content.toString('utf8'),
                };
              }),
            });
            for (const wake of waiters) wake();
            done();
          })
          .catch((error: Error) => done(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
    server = current;
  };

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    messages,
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The SMTP sink received ${messages.length} of ${count} messages in ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    start: listen,
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = null;
        if (!current) return resolve();
        current.close(() => resolve());
      }),
  };
}

/**
 * A sink for the tests of the enclosing `describe` (or file): started before them, stopped after.
 * The handle reads through to the running sink, so use it in tests and hooks only.
 */
export function useSmtpSink(): SmtpSink {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.stop());
  const running = () => {
    if (!sink) throw new Error('useSmtpSink: the sink only runs between beforeAll and afterAll');
    return sink;
  };
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    get messages() {
      return running().messages;
    },
    waitFor: (count, timeoutMs) => running().waitFor(count, timeoutMs),
    start: () => running().start(),
    stop: () => running().stop(),
  };
}
