import { afterAll, expect, it } from 'vitest';
import { createConnection } from 'node:net';
import { startSmtpSink } from './smtp-sink.ts';

// The sink the mail tests rely on: it parses what it receives, and when stopped it refuses
// connections on its port, then takes mail there again once started.
const sink = await startSmtpSink();
afterAll(() => sink.stop());

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

it('receives a message, refuses connections while stopped, and takes mail again on the same port', async () => {
  const { createTransport } = await import('nodemailer');
  const send = () =>
    createTransport({ url: sink.url } as never).sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'Über', text: 'Hello\nthere' });
  await send();
  expect(sink.messages).toEqual([{ from: 'a@example.test', to: ['b@example.test'], subject: 'Über', text: 'Hello\nthere\n' }]);
  const port = sink.port;
  await sink.stop();
  expect(await refused(port)).toBe(true);
  await sink.start();
  expect(sink.port).toBe(port);
  await send();
  expect((await sink.waitFor(2)).length).toBe(2);
});
