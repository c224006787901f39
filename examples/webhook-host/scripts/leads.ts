import { DEFAULT_DATABASE_PATH } from '../src/config.ts';
import { Store } from '../src/store.ts';

// Prints what the local webhook host received, newest first.
// Usage: pnpm leads [limit]   (DATABASE_PATH as for the host)
const limit = Number(process.argv[2]) || 50;
const store = new Store(process.env['DATABASE_PATH'] || DEFAULT_DATABASE_PATH);
const rows = store.list(limit);
store.close();
if (rows.length === 0) console.log('No requests received yet.');
for (const row of rows) {
  const extra = [row.website, row.phoneNumber, row.providerId].filter(Boolean).join(' ');
  console.log(
    `${row.receivedAt}  ${row.endpoint.padEnd(20)} ${row.outcome.padEnd(20)} ${row.name} <${row.email}> ` +
      `${row.company} (${row.businessType})${extra ? ` ${extra}` : ''}`,
  );
}
