// The SMTP credentials the mail_outbox workflow's Send Email node uses, built from the
// same SMTP_URL the stand-in reads, in the form `n8n import:credentials --input=FILE` takes: a list of
// credentials whose `data` n8n encrypts with its N8N_ENCRYPTION_KEY as it imports them. The workflow
// names the credential by this id, so importing it again (another SMTP_URL) updates the same one.

/** The credential the workflow's Send Email node names. n8n's ids are 16 letters and digits. */
export const SMTP_CREDENTIAL = { id: 'fadSmtpFollowUp1', name: 'Franchise AI follow-up SMTP' } as const;

/** n8n's `smtp` credential fields (n8n-nodes-base's Smtp.credentials). */
export interface SmtpCredentialData {
  user: string;
  password: string;
  host: string;
  port: number;
  /** SSL/TLS from the first byte (smtps://); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  disableStartTls: boolean;
}

/**
 * `smtp://[user:password@]host[:port]` (port 587 by default) or `smtps://…` (465): the credentials
 * file for n8n's CLI. A malformed URL throws, naming SMTP_URL.
 */
export function smtpCredentials(smtpUrl: string): Array<{ id: string; name: string; type: 'smtp'; data: SmtpCredentialData }> {
  let url: URL;
  try {
    url = new URL(smtpUrl.trim());
  } catch {
    throw new Error(`SMTP_URL must be smtp://host:port or smtps://user:password@host:port, got "${smtpUrl}".`);
  }
  const secure = url.protocol === 'smtps:';
  if (!secure && url.protocol !== 'smtp:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}".`);
  if (url.hostname === '') throw new Error(`SMTP_URL names no host: "${smtpUrl}".`);
  const data: SmtpCredentialData = {
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    disableStartTls: false,
  };
  return [{ ...SMTP_CREDENTIAL, type: 'smtp', data }];
}
