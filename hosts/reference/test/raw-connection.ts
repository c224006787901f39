import { connect, type Socket } from 'node:net';

/** A plain TCP connection to the host, for what fetch cannot do: send slowly, keep a socket idle. */
export interface RawConnection {
  socket: Socket;
  /** Everything the host sent so far. */
  received(): string;
  /** Resolves once the received text satisfies `done` (rejects if the connection closes first). */
  until(done: (text: string) => boolean): Promise<string>;
  /** Resolves when the host closes the connection, with everything it sent. */
  closed: Promise<string>;
}

/**
 * Connects to 127.0.0.1:`port`; resolves once connected. `from` picks the client's address: all of
 * 127.0.0.0/8 is loopback on Linux, so 127.0.0.2 is another client to the host.
 */
export function openConnection(port: number, from?: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(from ? { localAddress: from } : {}) });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    // A reset (ECONNRESET) closes the connection just as well as an orderly end.
    socket.on('error', () => undefined);
    const closed = new Promise<string>((done) => socket.once('close', () => done(text)));
    const until = (done: (text: string) => boolean) =>
      new Promise<string>((fulfil, fail) => {
        const check = () => {
          if (!done(text)) return;
          socket.off('data', check);
          fulfil(text);
        };
        socket.on('data', check);
        void closed.then(() => (done(text) ? fulfil(text) : fail(new Error(`closed before the expected answer; received: ${JSON.stringify(text)}`))));
        check();
      });
    socket.once('connect', () => resolve({ socket, received: () => text, until, closed }));
    socket.once('error', reject);
  });
}

/** A complete GET for `path`: keep-alive, or asking the host to close the connection after answering. */
export const getRequest = (path: string, connection: 'keep-alive' | 'close' = 'keep-alive'): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n\r\n`;

/** Writes `next()` every 100 ms until the connection closes: a client that never finishes. */
export function dribble(connection: RawConnection, next: () => string): void {
  const timer = setInterval(() => connection.socket.write(next()), 100);
  connection.socket.once('close', () => clearInterval(timer));
}

/** True once `text` holds a complete answer to a request whose body is `{"ok":true}` (GET /healthz). */
export const answeredHealthz =
  (count = 1) =>
  (text: string): boolean =>
    text.split('{"ok":true}').length > count;
