import { createTransport, type Transporter } from 'nodemailer';
import { INVITATION_FILE, retryDelayMs } from '@franchise-ai/shared/follow-up';
import { retryWhileBusy } from './busy-retry.ts';
import type { Store } from './store.ts';

// Sends the follow-up mails that the call_events handler put in the outbox table, in the
// transaction that stored their report. One at a time, oldest due first: a mail the SMTP server took
// is marked sent; one it did not is tried again after the shared backoff (retryDelayMs, from
// MAIL_RETRY_FIRST_MS), for as long as it takes, across restarts: nothing the host answered 200 for
// is lost. Wakes when mails are enqueued, and on a timer for the next due one. A mail with a
// meeting's invitation carries it as nodemailer's icalEvent: the text/calendar; method=REQUEST
// alternative that Gmail and Outlook show as an invitation, and the same file attached as
// INVITATION_FILE for the clients that only open attachments.

/** How long the SMTP server may take to accept a connection, greet, and answer; then the send fails and is retried. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface MailOutbox {
  /** There may be new mails: send what is due. */
  wake(): void;
  /** Stops the timer and waits for a send under way; what is left stays in the outbox for the next start. */
  close(): Promise<void>;
}

export function startMailOutbox(store: Store, smtpUrl: string, firstRetryMs: number, log: (line: string) => void): MailOutbox {
  const transport: Transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** The last run stopped on a database error: wait before the next, rather than spin. */
  let stalled = false;

  async function sendDue(): Promise<void> {
    for (let mail = store.nextDueMail(); mail && !closed; mail = store.nextDueMail()) {
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
  }

  /** Runs sendDue, once at a time (a wake meanwhile runs it again after), then sets the timer for the next due mail. */
  function run(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    stalled = false;
    running = sendDue()
      .catch((error: Error) => {
        stalled = true;
        log(`mail outbox error (retried in ${firstRetryMs} ms): ${error.message}`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          return run();
        }
        schedule();
      });
  }

  function schedule(): void {
    if (closed) return;
    let dueAt: string | undefined;
    try {
      dueAt = store.nextMailDueAt();
    } catch (error) {
      log(`mail outbox error (retried in ${firstRetryMs} ms): ${(error as Error).message}`);
      dueAt = new Date().toISOString();
      stalled = true;
    }
    if (dueAt === undefined) return;
    const wait = Math.max(Date.parse(dueAt) - Date.now(), stalled ? firstRetryMs : 0);
    // setTimeout takes at most 2^31-1 ms; the longest backoff is an hour.
    timer = setTimeout(run, Math.min(wait, 2 ** 31 - 1));
    // The outbox never keeps the process alive by itself: what it holds is sent at the next start.
    timer.unref();
  }

  // What a previous run left unsent goes out now.
  run();
  return {
    wake: run,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
