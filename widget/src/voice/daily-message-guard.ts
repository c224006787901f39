// Daily's call object (inside the voice SDK) listens for `message` events on the window and trusts
// any whose data says `what: 'iframe-call-message'`: it checks neither the origin nor the source
// (@daily-co/daily-js 0.87, addListenerForMessagesFromCallMachine). Any frame on the partner's page
// (an ad, a chat widget) could post `{ what: 'iframe-call-message', action: 'error', errorMsg }` and
// end the visitor's call with its own words. In call-object mode Daily's call machine runs in this
// window and posts to it, so its messages have this window as their source; Daily-shaped messages
// from anywhere else are stopped before Daily hears them. A capture listener on the window runs
// before Daily's ordinary one at the same target (the DOM standard runs capture listeners first at
// the target, since 2021; test/browser/daily-messages.test.ts holds it in Chromium), and
// stopImmediatePropagation() keeps every later listener from them. Other messages pass.

let holders = 0;

function stopForeignDailyMessages(event: MessageEvent): void {
  const data: unknown = event.data;
  if (event.source === window || typeof data !== 'object' || data === null) return;
  if ((data as { what?: unknown }).what === 'iframe-call-message') event.stopImmediatePropagation();
}

/**
 * Stops Daily-shaped messages from other windows until the returned function is called. Held while
 * a call object of ours may exist; several holders share the one listener.
 */
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
