import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '@franchise-ai/shared/follow-up';
import { INVITATION_PROPERTY, INVITATION_TYPE, invitationStep, MAILS_PER_RUN, nextMailStep, outboxRow, retryStep } from './outbox-step.ts';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const row = (id: number, nextAttemptAt: string, status = 'pending') => ({ id, status, nextAttemptAt });

describe('the outbox', () => {
  it('a new mail is pending and due at once', () => {
    expect(outboxRow({ kind: 'team', from: 'a@x.example', to: 'b@x.example', subject: 'S', text: 'T' }, 'c:report', NOW)).toMatchObject({
      key: 'c:report:team',
      status: 'pending',
      attempts: '0',
      nextAttemptAt: at(0),
      sentAt: '',
    });
  });

  it('Next mail: the pending row due longest, none when none is due, and none once a run has sent its share', () => {
    const rows = [row(1, at(1000)), row(2, at(-5000), 'sending'), row(3, at(-1000)), row(4, at(-3000)), {}];
    expect(nextMailStep(rows, NOW, 0)).toEqual([{ id: 4 }]);
    expect(nextMailStep([row(1, at(1000)), {}], NOW, 0)).toEqual([]);
    expect(nextMailStep(rows, NOW, MAILS_PER_RUN)).toEqual([]);
  });

  it('Retry later: back to pending after the shared backoff, counting the failures, with the error', () => {
    expect(retryStep({ attempts: '0' }, 'connect ECONNREFUSED', NOW)).toEqual({
      status: 'pending',
      attempts: '1',
      nextAttemptAt: at(retryDelayMs(1)),
      error: 'connect ECONNREFUSED',
    });
    expect(retryStep({ attempts: '3' }, { message: 'timeout' }, NOW)).toMatchObject({ attempts: '4', nextAttemptAt: at(retryDelayMs(4)), error: 'timeout' });
  });

  it('Invitation: a row with an invitation becomes an item with it as invite.ics; one without, or with an empty one, has no binary', () => {
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    const mail = { kind: 'visitor' as const, from: 'a@x.example', to: 'b@x.example', subject: 'S', text: 'T', invitation: ics };
    const queued = outboxRow(mail, 'c:report', NOW);
    expect(queued.invitation).toBe(ics);
    const item = invitationStep({ id: 7, ...queued });
    expect(item.json).toMatchObject({ id: 7, mailTo: 'b@x.example' });
    const file = item.binary![INVITATION_PROPERTY]!;
    expect([file.fileName, file.mimeType, Buffer.from(file.data, 'base64').toString('utf8')]).toEqual(['invite.ics', INVITATION_TYPE, ics]);
    expect(invitationStep({ id: 8 })).toEqual({ json: { id: 8 } });
    expect(invitationStep({ id: 9, invitation: '' })).toEqual({ json: { id: 9, invitation: '' } });
  });
});
