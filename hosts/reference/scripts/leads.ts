import { DEFAULT_DATABASE_PATH } from '../src/config.ts';
import { readRequests } from '../src/store.ts';
import { escapeForTerminal } from '../src/terminal-text.ts';

// Prints what the local webhook host received, newest first, without writing anything.
// Usage: pnpm leads [limit]   (DATABASE_PATH as for the host)
// No database yet is not an error (the host simply has not run): one line, exit code 0.
// Every stored field is visitors' (or the provider's) text: each is escaped before printing.
const limit = Number(process.argv[2]) || 50;
const path = process.env['DATABASE_PATH'] || DEFAULT_DATABASE_PATH;
const rows = readRequests(path, limit);
const show = (field: string | null): string => escapeForTerminal(field ?? '');
if (rows === undefined) console.log(`No database at ${show(path)} yet: start the webhook host (pnpm dev) and send it a request.`);
else if (rows.length === 0) console.log('No requests received yet.');
for (const row of rows ?? []) {
  const extra = [row.website, row.phoneNumber, row.providerId].filter(Boolean).map(show).join(' ');
  console.log(
    `${show(row.receivedAt)}  ${show(row.endpoint).padEnd(20)} ${show(row.outcome).padEnd(20)} ${show(row.name)} <${show(row.email)}> ` +
      // A French visitor's lead says so; English, the default, is not written out.
      `${show(row.company)} (${show(row.businessType)}${row.language === 'fr' ? ', fr' : ''})${extra ? ` ${extra}` : ''}`,
  );
  // What was read from the lead's website: how far the reading got, how much it found.
  const profile = row.profile;
  if (profile) {
    const found =
      profile.status === 'ready'
        ? `${profile.facts} facts, ${profile.locations} locations`
        : profile.status === 'unavailable'
          ? show(profile.reason)
          : 'still reading';
    console.log(`  website profile: ${show(profile.status)} (${found})`);
  }
  // The proof of a call's consent: the words, when and from which address, for which number.
  if (row.consentText) console.log(`  consent from ${show(row.clientIp)} at ${show(row.receivedAt)} for ${show(row.phoneNumber)}: "${show(row.consentText)}"`);
  // What the provider reported of the call, a phone call's or a browser call's (linked as
  // Store.leadOfCall says): its statuses, then the summary and the qualification the assistant's
  // structured outputs asked for (GET /leads also has the transcript).
  const call = row.call;
  if (call) {
    const statuses = call.statuses.map(({ status, at, endedReason }) => `${show(status)} ${show(at)}${endedReason ? ` (${show(endedReason)})` : ''}`);
    if (statuses.length > 0) console.log(`  call: ${statuses.join(', ')}`);
    const report = call.report;
    if (report) {
      console.log(
        `  call report ${show(report.at)}${report.endedReason ? ` (${show(report.endedReason)})` : ''}: ${report.summary ? show(report.summary) : 'no summary'}`,
      );
      if (report.qualification) {
        const answers = Object.entries(report.qualification).map(
          ([question, answer]) => `${show(question)}: ${show(typeof answer === 'string' ? answer : JSON.stringify(answer))}`,
        );
        console.log(`  qualification: ${answers.join('; ')}`);
      }
      if (report.recordingUrl) console.log(`  recording: ${show(report.recordingUrl)}`);
    }
  }
  // The meeting the agent booked during the lead's call, as the team's calendar has it.
  const booking = row.booking;
  if (booking)
    console.log(`  booking ${show(booking.start)} to ${show(booking.end)} (${show(booking.timeZone)}): ${show(booking.title)}, ${show(booking.uid)}`);
  // The follow-up mails of the lead's call: to whom, and sent or still in the outbox.
  for (const mail of row.mails ?? []) {
    const state = mail.sentAt
      ? `sent ${show(mail.sentAt)}`
      : `pending, ${mail.attempts} failed attempt(s), next try ${show(mail.nextAttemptAt)}${mail.lastError ? ` (${show(mail.lastError)})` : ''}`;
    console.log(`  mail ${show(mail.kind)} to ${show(mail.to)}: ${state}`);
  }
}
