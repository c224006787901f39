/**
 * Calls `then` once `element` is on screen (or within half a screen of it) and the browser is idle
 * after that: a widget low on a long page costs its visitors nothing until they scroll to it, and
 * what `then` fetches never competes with the page's own first paint and input. Returns a stop.
 * Safari has no requestIdleCallback: a short timeout stands in.
 */
export function whenSeenAndIdle(element: Element, then: () => void): () => void {
  let cancel = () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if ('requestIdleCallback' in window) {
        const id = requestIdleCallback(then, { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(then, 300);
        cancel = () => clearTimeout(id);
      }
    },
    { rootMargin: '50%' },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    cancel();
  };
}
