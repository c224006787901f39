import type { Page } from 'playwright-core';

// What the widget dispatched on a test page, as pages/record-events.js (or
// record-document-events.js) recorded it.

export interface RecordedEvent {
  type: 'step' | 'submit' | 'ready' | 'call-requested' | 'call-start' | 'call-end' | 'error';
  detail: Record<string, unknown> | null;
  /** The page's Date.now() when it was dispatched. */
  time: number;
}

declare global {
  interface Window {
    /** Filled by test/browser/pages/record-events.js. */
    __events: RecordedEvent[];
    __cspViolations: string[];
  }
}

export async function recordedEvents(page: Page, type?: RecordedEvent['type']): Promise<RecordedEvent[]> {
  const events = await page.evaluate(() => window.__events);
  return type ? events.filter((event) => event.type === type) : events;
}
