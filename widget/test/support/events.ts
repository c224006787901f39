import type { Page } from 'playwright-core';

// What the widget dispatched, as pages/record-events.js (or record-document-events.js) recorded it.

export interface RecordedEvent {
  type: 'step' | 'submit' | 'ready' | 'call-requested' | 'next-step' | 'call-start' | 'call-end' | 'error';
  detail: Record<string, unknown> | null;
  /** The page's Date.now() when it was dispatched. */
  time: number;
}
declare global {
  interface Window {
    /** Filled by test/browser/pages/record-events.js. */
    __events: RecordedEvent[];
    __cspViolations: string[];
    /** Filled by test/browser/pages/record-window-names.js. */
    __windowNames: string[];
  }
}
export async function recordedEvents(page: Page, type?: RecordedEvent['type']): Promise<RecordedEvent[]> {
  const events = await page.evaluate(() => window.__events);
  return type ? events.filter((event) => event.type === type) : events;
}
/** The page's fake time when the loading step began: the step event fires in the same effect flush that starts its timers. */
export async function loadingStartedAt(page: Page): Promise<number> {
  const loading = (await recordedEvents(page, 'step')).find((event) => event.detail?.['step'] === 'loading');
  if (!loading) throw new Error('no step event for loading');
  return loading.time;
}
