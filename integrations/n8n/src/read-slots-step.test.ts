import { describe, expect, it } from 'vitest';
import { READ_DEADLINE_MS } from '@franchise-ai/shared/site-reader';
import { abandonedReadings, abandonedReadingStep, READ_ABANDONED_MS, readSlotStep } from './read-slots-step.ts';

const now = Date.parse('2026-11-26T10:00:00.000Z');
const at = (msAgo: number) => new Date(now - msAgo).toISOString();
const reading = (id: number, msAgo = 1000) => ({
  id,
  demoId: `demo-${id}`,
  receivedAt: at(msAgo),
  website: 'https://acme.example',
  status: 'reading',
  profile: '',
});

describe('readSlotStep', () => {
  it('reads when fewer than the cap of the rows still reading came before it, with what is left of the deadline', () => {
    const rows = [reading(1), reading(2), reading(3)];
    expect(readSlotStep(reading(3), rows, 2, now)).toEqual({ go: false });
    expect(readSlotStep(reading(3), rows, 3, now)).toEqual({ go: true, deadlineMs: READ_DEADLINE_MS - 1000 });
    // Later rows, settled ones and abandoned ones hold no slot.
    const others = [{ ...reading(1), status: 'ready' }, reading(2, READ_ABANDONED_MS), reading(3), reading(4)];
    expect(readSlotStep(reading(3), others, 1, now)).toEqual({ go: true, deadlineMs: READ_DEADLINE_MS - 1000 });
  });

  it('a demo with no website goes at once and holds no slot: it reads nothing', () => {
    const bare = (id: number) => ({ ...reading(id), website: '' });
    expect(readSlotStep(bare(3), [reading(1), reading(2), bare(3)], 1, now)).toEqual({ go: true, deadlineMs: READ_DEADLINE_MS - 1000 });
    expect(readSlotStep(reading(3), [bare(1), bare(2), reading(3)], 1, now)).toEqual({ go: true, deadlineMs: READ_DEADLINE_MS - 1000 });
  });

  it('a row that waited out the whole deadline goes at once with none left (its profile is a timeout)', () => {
    expect(readSlotStep(reading(9, READ_DEADLINE_MS + 1), [reading(1), reading(9)], 1, now)).toEqual({ go: true, deadlineMs: 0 });
  });
});

describe('abandoned readings', () => {
  const interrupted = { status: 'unavailable', profile: JSON.stringify({ status: 'unavailable', website: 'https://acme.example', reason: 'interrupted' }) };

  it("demo_status: a row reading longer than any read lasts is settled 'interrupted'; one still within its time is left alone", () => {
    const young = reading(1, READ_ABANDONED_MS - 1);
    expect(abandonedReadingStep([young], now)).toEqual({ rows: [young], settle: null });
    const old = reading(1, READ_ABANDONED_MS);
    expect(abandonedReadingStep([old], now)).toEqual({ rows: [{ ...old, ...interrupted }], settle: interrupted });
    expect(abandonedReadingStep([{}], now)).toEqual({ rows: [{}], settle: null });
  });

  it('housekeeping: each abandoned row, by id', () => {
    expect(abandonedReadings([reading(1, READ_ABANDONED_MS), reading(2), { ...reading(3, READ_ABANDONED_MS), status: 'ready' }, {}], now)).toEqual([
      { id: 1, ...interrupted },
    ]);
  });
});
