// Types only: shared's tests depend on this package, so it takes shared's code from the suite.
import type { Wall } from '@franchise-ai/shared/meeting-slots';

// What both hosts' tests of the agent's tools hold them to (hosts/reference/test/tool-calls.test.ts,
// integrations/n8n/test/real-n8n.test.ts): one territory list and the words each place gets, one
// calendar in Paris's zone (useTeamCalendar) with the same working hours, and what a free time
// offered must be.

export const TOOLS_ZONE = 'Europe/Paris';
/** MEETING_HOURS of both hosts' tests, and the same in minutes of the day. */
export const MEETING_HOURS = '09:00-12:00,14:00-17:00';
const HOURS = [
  [9 * 60, 12 * 60],
  [14 * 60, 17 * 60],
] as const;

/** TERRITORIES_FILE's text (a CSV, as an operator writes one). */
export const TERRITORIES_CSV = 'name,codes,status\nLyon,"69001, 69002",open\nParis,75,sold\nMarseille,13,reserved\n';

/** check_territory's answer for each place, in English: open, sold (taken), and not in the list. */
export const TERRITORY_ANSWERS = [
  {
    id: 'call_lyon',
    place: 'Lyon',
    result:
      'In the territory list, "Lyon": open. Tell the caller it is open in the current list and that the franchise-development team confirms it with them; promise nothing more.',
  },
  {
    id: 'call_paris',
    place: '75011 Paris',
    result: 'In the territory list, "Paris": sold, so it is taken. Say so plainly, and offer to look at another territory.',
  },
  {
    id: 'call_bordeaux',
    place: 'Bordeaux',
    result: '"Bordeaux" is not in the territory list. Tell the caller the franchise team will check it and get back to them; promise nothing.',
  },
] as const;

/** The starts a result offers, in its order. */
export const startsIn = (result: string | undefined) => [...(result ?? '').matchAll(/\(start: ([0-9T:+\-Z]+)\)/g)].map((match) => match[1]!);

/**
 * Why each of `starts` (30-minute slots) is not one find_meeting_times may offer on or after `date`:
 * a weekend, outside MEETING_HOURS, or over one of `busy` (each [from, to] as starts); [] when none
 * is. `wallTime` is shared's (meeting-slots.ts).
 */
export function slotProblems(
  starts: readonly string[],
  date: string,
  busy: ReadonlyArray<readonly [string, string]>,
  wallTime: (zone: string, instant: number) => Wall,
): string[] {
  const taken = busy.map(([from, to]) => ({ start: Date.parse(from), end: Date.parse(to) }));
  return starts.flatMap((text) => {
    const slot = { start: Date.parse(text), end: Date.parse(text) + 30 * 60_000 };
    const wall = wallTime(TOOLS_ZONE, slot.start);
    const minutes = wall.hour * 60 + wall.minute;
    const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
    return [
      ...(text < date ? [`${text} is before ${date}`] : []),
      ...(weekday === 0 || weekday === 6 ? [`${text} is on a weekend`] : []),
      ...(HOURS.some(([from, to]) => minutes >= from && minutes + 30 <= to) ? [] : [`${text} is outside the working hours`]),
      ...(taken.some((interval) => slot.start < interval.end && interval.start < slot.end) ? [`${text} overlaps a meeting`] : []),
    ];
  });
}
