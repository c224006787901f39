// Daily (daily-js 0.87) trusts any window `message` saying `what: 'iframe-call-message'`, whatever its
// source, so any frame on the page (an ad) could end the call with its own words. Daily's own come
// from this window; others are stopped by a capture listener, which runs before Daily's at the target
// (test/browser/daily-messages.test.ts holds it).

let holders = 0;

function stopForeignDailyMessages(event: MessageEvent): void {
  const data: unknown = event.data;
  if (event.source === window || typeof data !== 'object' || data === null) return;
  if ((data as { what?: unknown }).what === 'iframe-call-message') event.stopImmediatePropagation();
}

/** Stops Daily-shaped messages from other windows until the returned function is called; holders share one listener. */
export function guardDailyMessages(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (holders++ === 0) window.addEventListener('message', stopForeignDailyMessages, { capture: true });
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0) window.removeEventListener('message', stopForeignDailyMessages, { capture: true });
  };
}
