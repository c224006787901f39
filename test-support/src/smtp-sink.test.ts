import { afterAll, expect, it } from 'vitest';
import { createConnection } from 'node:net';
import { startSmtpSink } from './smtp-sink.ts';

// The sink the mail tests rely on: it parses what it receives (attachments too), and when stopped
// it refuses connections on its port, then takes mail there again once started.
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
  expect(sink.messages).toEqual([{ from: 'a@example.test', to: ['b@example.test'], subject: 'Über', text: 'Hello\nthere\n', attachments: [] }]);
  const port = sink.port;
  await sink.stop();
  expect(await refused(port)).toBe(true);
  await sink.start();
  expect(sink.port).toBe(port);
  await send();
  expect((await sink.waitFor(2)).length).toBe(2);
});

it('keeps each attachment with its name, type, parameters and decoded content', async () => {
  const { createTransport } = await import('nodemailer');
  const before = sink.messages.length;
  await createTransport({ url: sink.url } as never).sendMail({
    from: 'a@example.test',
    to: 'b@example.test',
    subject: 'File',
    text: 'See attached.',
    attachments: [{ filename: 'note.txt', content: 'Grüße', contentType: 'text/plain; charset=utf-8; format=flowed' }],
  });
  expect(sink.messages[before]!.attachments).toEqual([
    { filename: 'note.txt', contentType: 'text/plain', params: expect.objectContaining({ charset: 'utf-8' }), disposition: 'attachment', content: 'Grüße' },
  ]);
});
