import type { BrandProfile } from '@franchise-ai/shared/brand-profile';
import { READ_DEADLINE_MS } from '@franchise-ai/shared/site-reader';
import type { ProfileRow } from './demo-status-step.ts';

// The cap on websites read at once on n8n (MAX_SITE_READS, shared read-cap.ts), and what becomes of
// a read that n8n stopped in the middle of.
//
// The queue is the profiles table itself: demo_form stores the demo's row 'reading' before it
// answers, and after the answer "Read slot" lets it read only when fewer than the cap of the rows
// still 'reading' have a lower id; otherwise it waits a second and looks again. On SQLite ids are
// given in commit order (call-claims.ts), so this is first come, first served, and never more than
// the cap at once: of cap + 1 readers, the last to look would have seen the cap others, all lower
// and all still 'reading'. On PostgreSQL a row may commit after a higher one has looked, so the cap
// can be passed by the inserts under way at that moment. The read's deadline counts from when the
// form was accepted, as on the stand-in, so the visitor's panel never waits longer for the queue.
//
// A row still 'reading' READ_ABANDONED_MS after its form was accepted has no read behind it any
// more (n8n stopped or crashed mid-read; reads are not resumed): it stops holding a slot, and
// demo_status and the housekeeping workflow settle it unavailable, 'interrupted', as the stand-in
// does when it starts, so that no visitor's panel says 'reading' for ever.

/** Past the read's deadline by this much, a 'reading' row has no read left behind it (the profile is built and stored well within). */
export const READ_ABANDONED_MS = READ_DEADLINE_MS + 10_000;

const isAbandoned = (row: Partial<ProfileRow>, now: number): boolean =>
  row.status === 'reading' && !(now - Date.parse(String(row.receivedAt)) < READ_ABANDONED_MS);

/** "Read slot": read now, with what is left of the deadline (0: none left, the profile is 'timeout'), or wait for a slot. */
export type ReadSlot = { go: true; deadlineMs: number } | { go: false };

/** Whether the demo row "Store reading" inserted (`own`) may read now, given the rows 'reading' read after it. */
export function readSlotStep(own: unknown, readingRows: readonly unknown[], maxSiteReads: number, now: number): ReadSlot {
  const mine = own as { id?: unknown; receivedAt?: unknown; website?: unknown } | null;
  const id = Number(mine?.id);
  if (!Number.isSafeInteger(id)) throw new Error(`The profiles table answered the insert without the row's id: ${JSON.stringify(own)}`);
  const deadlineMs = Math.max(0, READ_DEADLINE_MS - (now - Date.parse(String(mine?.receivedAt))));
  // A demo with no website reads nothing: it needs no slot and holds none.
  if (deadlineMs === 0 || !mine?.website) return { go: true, deadlineMs };
  const ahead = readingRows.filter((json) => {
    const row = json as Partial<ProfileRow> & { id?: unknown };
    return row.status === 'reading' && Boolean(row.website) && Number(row.id) < id && !isAbandoned(row, now);
  });
  return ahead.length < maxSiteReads ? { go: true, deadlineMs } : { go: false };
}

/** How a row whose read was stopped is settled: its status and profile columns. */
export const interruptedProfile = (row: Partial<ProfileRow>): { status: 'unavailable'; profile: string } => {
  const profile: BrandProfile = { status: 'unavailable', website: row.website || null, reason: 'interrupted' };
  return { status: 'unavailable', profile: JSON.stringify(profile) };
};

/**
 * "Abandoned reading" (demo_status): the demo's rows, an abandoned 'reading' one settled as the
 * table will hold it once "Settle reading" wrote it (`settle`, its columns; null when nothing to settle).
 */
export function abandonedReadingStep(
  rows: readonly Partial<ProfileRow>[],
  now: number,
): { rows: Partial<ProfileRow>[]; settle: { status: 'unavailable'; profile: string } | null } {
  const abandoned = rows.find((row) => isAbandoned(row, now));
  if (!abandoned) return { rows: [...rows], settle: null };
  const settle = interruptedProfile(abandoned);
  return { rows: rows.map((row) => (row === abandoned ? { ...row, ...settle } : row)), settle };
}

/** "Interrupted" (housekeeping): each abandoned 'reading' row among `rows`, as the update of its id. */
export const abandonedReadings = (rows: readonly unknown[], now: number): Array<{ id: number; status: 'unavailable'; profile: string }> =>
  rows
    .map((json) => json as Partial<ProfileRow> & { id?: unknown })
    .filter((row) => Number.isSafeInteger(Number(row.id)) && isAbandoned(row, now))
    .map((row) => ({ id: Number(row.id), ...interruptedProfile(row) }));
