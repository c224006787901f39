import { expect, it } from 'vitest';
import { SMTP_CREDENTIAL, smtpCredentials } from './smtp-credentials.ts';

it("SMTP_URL as n8n's smtp credential: host, port, user and password, TLS for smtps", () => {
  expect(smtpCredentials('smtp://127.0.0.1:2525')).toEqual([
    { ...SMTP_CREDENTIAL, type: 'smtp', data: { user: '', password: '', host: '127.0.0.1', port: 2525, secure: false, disableStartTls: false } },
  ]);
  expect(smtpCredentials('smtps://mailer%40acme:p%3Ass@mail.acme.example')[0]!.data).toEqual({
    user: 'mailer@acme',
    password: 'p:ss',
    host: 'mail.acme.example',
    port: 465,
    secure: true,
    disableStartTls: false,
  });
  expect(() => smtpCredentials('http://mail.acme.example')).toThrow(/SMTP_URL/);
  expect(() => smtpCredentials('not a url')).toThrow(/SMTP_URL/);
});
