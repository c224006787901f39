// Prints the follow-up mails' SMTP credentials for `n8n import:credentials` (README, "Follow-up mails"):
//   SMTP_URL=smtps://user:password@mail.example:465 pnpm --filter @franchise-ai/n8n-workflows smtp-credentials > smtp.json
//   n8n import:credentials --input=smtp.json && rm smtp.json
import { smtpCredentials } from '../src/smtp-credentials.ts';

const smtpUrl = process.env['SMTP_URL'];
if (!smtpUrl) {
  console.error('Set SMTP_URL (smtp://host:port or smtps://user:password@host:port).');
  process.exit(1);
}
process.stdout.write(`${JSON.stringify(smtpCredentials(smtpUrl), null, 2)}\n`);
