import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchedController } from '../../test/support/watched-controller.ts';
import { deadlineSignal } from './deadline-signal.ts';

describe('deadlineSignal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it('aborts with a TimeoutError once the ceiling passes, and says timeout', () => {
    const deadline = deadlineSignal(undefined, 1_000);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.stoppedBy()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.stoppedBy()).toBe('timeout');
    expect(deadline.signal.reason).toBeInstanceOf(DOMException);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });
  it.each([
    ['aborts', false],
    ['already aborted', true],
  ])("says aborted, with the caller's reason, when the caller %s; the ceiling passing later changes nothing", (_label, before) => {
    const { controller } = watchedController();
    const reason = new Error('navigated away');
    if (before) controller.abort(reason);
    const deadline = deadlineSignal(controller.signal, 1_000);
    if (!before) controller.abort(reason);
    expect(deadline.signal.reason).toBe(reason);
    expect([deadline.signal.aborted, deadline.stoppedBy()]).toEqual([true, 'aborted']);
    vi.advanceTimersByTime(5_000);
    expect(deadline.stoppedBy()).toBe('aborted');
  });
  it('keeps saying timeout when the caller aborts after the ceiling passed', () => {
    const { controller } = watchedController();
    const deadline = deadlineSignal(controller.signal, 100);
    vi.advanceTimersByTime(100);
    controller.abort();
    expect(deadline.stoppedBy()).toBe('timeout');
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });
  it.each<[string, (controller: AbortController) => void]>([
    ['the call ends first', () => undefined],
    ['the ceiling passes', () => vi.advanceTimersByTime(100)],
    ['the caller aborts', (controller) => controller.abort()],
  ])('leaves no listener on the caller signal when %s', (_label, end) => {
    const { controller, listeners } = watchedController();
    const deadline = deadlineSignal(controller.signal, 100);
    expect(listeners()).toBe(1);
    end(controller);
    deadline.dispose();
    expect(listeners()).toBe(0);
  });
  it('once disposed, neither the clock nor the caller aborts it', () => {
    const { controller } = watchedController();
    const deadline = deadlineSignal(controller.signal, 100);
    deadline.dispose();
    vi.advanceTimersByTime(1_000);
    controller.abort();
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.stoppedBy()).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
  it('does not need AbortSignal.any', () => {
    const descriptor = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
    Reflect.deleteProperty(AbortSignal, 'any');
    try {
      expect('any' in AbortSignal).toBe(false);
      const controller = new AbortController();
      const deadline = deadlineSignal(controller.signal, 100);
      controller.abort();
      expect(deadline.stoppedBy()).toBe('aborted');
    } finally {
      if (descriptor) Object.defineProperty(AbortSignal, 'any', descriptor);
    }
  });
});
