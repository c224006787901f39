import type { Page } from 'playwright-core';

/**
 * The sum of the page's layout shifts so far (what CLS adds up), with the elements that moved.
 * Layout-shift entries are buffered from the start of the page, so observing now sees them all.
 */
export const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> };
        const shifts: Shift[] = [];
        const observer = new PerformanceObserver((list) => shifts.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Two frames: the buffered entries are delivered, and any shift still pending is recorded.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            shifts.push(...(observer.takeRecords() as Shift[]));
            observer.disconnect();
            const counted = shifts.filter((shift) => !shift.hadRecentInput);
            resolve({
              total: counted.reduce((sum, shift) => sum + shift.value, 0),
              moved: counted.flatMap((shift) =>
                (shift.sources ?? []).map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 80) ?? String(source.node?.nodeName)),
              ),
            });
          }),
        );
      }),
  );
