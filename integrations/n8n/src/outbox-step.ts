import { INVITATION_FILE, retryDelayMs, type MailMessage } from '@franchise-ai/shared/follow-up';

// The follow-up mails' outbox on n8n: `call_events` writes each mail as a row
// ('pending', due at once); the `mail_outbox` workflow takes the due rows one at a time, claims the
// row, sends it with n8n's Send Email node and marks it 'sent', or puts it back with the shared
// backoff (retryDelayMs) when the send failed. A mail server that is down loses nothing: the row
// waits and is tried again, for as long as it takes.

/** The outbox table's columns (every one a string, as the Data Tables here are made). */
export const OUTBOX_COLUMNS = [
  'key',
  'eventKey',
  'kind',
  'mailFrom',
  'mailTo',
  'subject',
  'text',
  'status',
  'attempts',
  'nextAttemptAt',
  'queuedAt',
  'sentAt',
  'error',
  'invitation',
] as const;
/**
 * A row (every column a string) but `invitation`, the booked meeting's `.ics`, which only a mail
 * with a booking names: n8n refuses a whole row naming a column its table lacks, so on a table made
 * before that column existed the mails without a booking go on being queued (integrations/n8n/README.md).
 */
export type OutboxRow = Record<Exclude<(typeof OUTBOX_COLUMNS)[number], 'invitation'>, string> & { invitation?: string };

/**
 * A row's life: 'pending' (due at nextAttemptAt) → 'sending' (claimed by one run of mail_outbox) →
 * 'sent', or back to 'pending' after a failed send.
 */
export const MAIL_STATUS = { pending: 'pending', sending: 'sending', sent: 'sent' } as const;

/** How many mails one run of mail_outbox sends at most before it leaves the rest to the next run. */
export const MAILS_PER_RUN = 50;
/** How often mail_outbox looks for due mails. */
export const OUTBOX_SECONDS = 5;

/** A mail as a new outbox row, due at once. `key`: the report's key and the mail's kind, one per mail. */
export const outboxRow = (mail: MailMessage, eventKey: string, now: number): OutboxRow => ({
  key: `${eventKey}:${mail.kind}`,
  eventKey,
  kind: mail.kind,
  mailFrom: mail.from,
  mailTo: mail.to,
  subject: mail.subject,
  text: mail.text,
  status: MAIL_STATUS.pending,
  attempts: '0',
  nextAttemptAt: new Date(now).toISOString(),
  queuedAt: new Date(now).toISOString(),
  sentAt: '',
  error: '',
  ...(mail.invitation ? { invitation: mail.invitation } : {}),
});

/** The binary property Send Email attaches (its `attachments` option). */
export const INVITATION_PROPERTY = 'invite';
/** The invitation's media type, as RFC 6047 asks of an iTIP request. */
export const INVITATION_TYPE = 'text/calendar; charset=utf-8; method=REQUEST';

/** An n8n item: the row, and its invitation as a binary file when it has one. */
export interface MailItem {
  json: unknown;
  binary?: Record<string, { data: string; mimeType: string; fileName: string; fileExtension: string }>;
}

/**
 * "Invitation": the claimed row as the item Send Email takes, its invitation (when the mail has one)
 * as the file INVITATION_FILE. The node attaches every binary property its option names, and sends
 * none for an item without binary data, so a mail without a booking goes out as before.
 */
export function invitationStep(row: unknown): MailItem {
  const invitation = (row as { invitation?: unknown } | null)?.invitation;
  if (typeof invitation !== 'string' || invitation === '') return { json: row };
  return {
    json: row,
    binary: {
      [INVITATION_PROPERTY]: {
        data: Buffer.from(invitation, 'utf8').toString('base64'),
        mimeType: INVITATION_TYPE,
        fileName: INVITATION_FILE,
        fileExtension: 'ics',
      },
    },
  };
}

/**
 * "Next mail": the pending row that has been due longest among `rows` (the Data Table's due rows;
 * an item without an id, from a read that failed or found nothing, is none), or none when this run
 * has sent its share (`run`: the node's run index, as it loops).
 */
export function nextMailStep(rows: readonly unknown[], now: number, run: number): Array<{ id: number }> {
  if (run >= MAILS_PER_RUN) return [];
  const due = rows
    .map((row) => row as Partial<OutboxRow> & { id?: unknown })
    .filter(
      (row) => Number.isSafeInteger(Number(row.id)) && row.id !== undefined && row.status === MAIL_STATUS.pending && Date.parse(row.nextAttemptAt ?? '') <= now,
    )
    .sort((a, b) => Date.parse(a.nextAttemptAt!) - Date.parse(b.nextAttemptAt!) || Number(a.id) - Number(b.id));
  return due.length > 0 ? [{ id: Number(due[0]!.id) }] : [];
}

/** "Retry later": a failed send's row back to 'pending', due after the shared backoff, with the error kept for the operator. */
export function retryStep(row: unknown, error: unknown, now: number): Pick<OutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'error'> {
  const failures = (Number((row as Partial<OutboxRow> | null)?.attempts) || 0) + 1;
  const message = typeof error === 'string' ? error : ((error as { message?: unknown } | null)?.message ?? JSON.stringify(error));
  return {
    status: MAIL_STATUS.pending,
    attempts: String(failures),
    nextAttemptAt: new Date(now + retryDelayMs(failures)).toISOString(),
    error: String(message).slice(0, 500),
  };
}
