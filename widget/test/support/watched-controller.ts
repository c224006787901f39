// Test support: listener bookkeeping on an AbortSignal, to prove nothing stays hooked after a call.

/** An AbortController whose signal counts the `abort` listeners hooked onto it and not yet unhooked. */
export function watchedController(): { controller: AbortController; listeners: () => number } {
  const controller = new AbortController();
  const { signal } = controller;
  const hooked = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => {
    if (type === 'abort') hooked.add(listener);
    add(type, listener, options);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => {
    if (type === 'abort') hooked.delete(listener);
    remove(type, listener, options);
  }) as typeof signal.removeEventListener;
  return { controller, listeners: () => hooked.size };
}
