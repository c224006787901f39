import { beforeAll, expect, it } from 'vitest';
import { TOOL_NAMES } from '@franchise-ai/shared/agent-tools';
import { bookingToolCall, clientToolCalls, prepareToolCallChecks } from '#test/support/agent-tool-calls.ts';
import { BOOK_MEETING, isBookingMessage } from './booking-message.ts';

beforeAll(prepareToolCallChecks, 60_000);

it('a book_meeting call forwarded to the SDK, or its result, is a booking; another tool, a transcript or a malformed message is not', () => {
  expect(BOOK_MEETING).toBe(TOOL_NAMES.book);
  expect(isBookingMessage(bookingToolCall('2026-12-08T14:00:00+01:00'))).toBe(true);
  const both = clientToolCalls([{ name: 'find_meeting_times' }, { name: 'book_meeting', arguments: { start: '2026-12-08T14:00:00+01:00' } }]);
  expect(isBookingMessage(both)).toBe(true);
  expect(isBookingMessage({ type: 'tool-calls-result', toolCallResult: { name: 'book_meeting', toolCallId: 'call_1', result: 'Booked' } })).toBe(true);
  const others = [clientToolCalls([{ name: 'find_meeting_times' }]), { type: 'transcript', role: 'assistant', transcript: 'book_meeting' }];
  for (const message of [
    ...others,
    { type: 'tool-calls', toolCallList: 'book_meeting' },
    { type: 'tool-calls-result', toolCallResult: null },
    null,
    'tool-calls',
  ])
    expect(isBookingMessage(message)).toBe(false);
});
