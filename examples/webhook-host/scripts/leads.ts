import { DEFAULT_DATABASE_PATH } from '../src/config.ts';
import { readRequests } from '../src/store.ts';

// Prints what the local webhook host received, newest first, without writing anything.
// Usage: pnpm leads [limit]   (DATABASE_PATH as for the host)
// No database yet is not an error (the host simply has not run): one line, exit code 0.
const limit = Number(process.argv[2]) || 50;
const path = process.env['DATABASE_PATH'] || DEFAULT_DATABASE_PATH;
const rows = readRequests(path, limit);
if (rows === undefined) console.log(`No database at ${path} yet: start the webhook host (pnpm dev) and send it a request.`);
else if (rows.length === 0) console.log('No requests received yet.');
for (const row of rows ?? []) {
  const extra = [row.website, row.phoneNumber, row.providerId].filter(Boolean).join(' ');
  console.log(
    `${row.receivedAt}  ${row.endpoint.padEnd(20)} ${row.outcome.padEnd(20)} ${row.name} <${row.email}> ` +
      `${row.company} (${row.businessType})${extra ? ` ${extra}` : ''}`,
  );
}
