import { createTransport, type Transporter } from 'nodemailer';
import { INVITATION_FILE, retryDelayMs } from '@franchise-ai/shared/follow-up';
import { retryWhileBusy } from './busy-retry.ts';
import { startOutbox, type Outbox } from './outbox-runner.ts';
import type { DueMail, Store } from './store.ts';

// Sends the follow-up mails that the call_events handler put in the outbox table, in the
// transaction that stored their report. One at a time, oldest due first (outbox-runner.ts): a mail
// the SMTP server took is marked sent; one it did not is tried again after the shared backoff
// (retryDelayMs, from MAIL_RETRY_FIRST_MS), for as long as it takes, across restarts: nothing the
// host answered 200 for is lost. A mail with a meeting's invitation carries it as nodemailer's
// icalEvent: the text/calendar; method=REQUEST alternative that Gmail and Outlook show as an
// invitation, and the same file attached as INVITATION_FILE for the clients that only open attachments.

/** How long the SMTP server may take to accept a connection, greet, and answer; then the send fails and is retried. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export type MailOutbox = Outbox;

export function startMailOutbox(store: Store, smtpUrl: string, firstRetryMs: number, log: (line: string) => void): MailOutbox {
  const transport: Transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });

  async function deliver(mail: DueMail): Promise<void> {
    // The log names the lead's row, never its address: leads are private, logs are not.
    const { id, kind, requestId, to } = mail;
    let failure: string | undefined;
    try {
      await transport.sendMail({
        from: mail.from,
        to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.invitation !== null && { icalEvent: { method: 'REQUEST', filename: INVITATION_FILE, content: mail.invitation } }),
      });
    } catch (error) {
      failure = (error as Error).message;
    }
    if (failure === undefined) {
      // Should this write fail for good, the mail is sent again later: twice rather than never.
      await retryWhileBusy(() => store.mailSent(id));
      log(`mail ${kind} for ${requestId} sent`);
    } else {
      const attempt = mail.attempts + 1;
      const next = new Date(Date.now() + retryDelayMs(attempt, firstRetryMs));
      await retryWhileBusy(() => store.mailFailed(id, failure, next));
      log(`mail ${kind} for ${requestId} failed (attempt ${attempt}), kept in the outbox, next try at ${next.toISOString()}: ${failure}`);
    }
  }

  const outbox = startOutbox({ name: 'mail outbox', nextDue: () => store.nextDueMail(), nextDueAt: () => store.nextMailDueAt(), deliver }, firstRetryMs, log);
  return {
    wake: outbox.wake,
    async close() {
      await outbox.close();
      transport.close();
    },
  };
}
