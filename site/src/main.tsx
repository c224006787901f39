import './styles.css';

// The page's one eager script, and a tiny one: every route arrives prerendered and works without
// JavaScript, so React is fetched and hydrates only once the page is shown and the browser is idle,
// or at the visitor's first interaction, whichever comes first. Nothing stands between the HTML
// and its first paint. The dev server's page is empty: there the app renders at once.
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
const root = document.getElementById('root')!;

let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./hydrate.tsx').then(
    ({ hydrate }) => {
      for (const type of INTERACTIONS) removeEventListener(type, start, true);
      hydrate(root, pendingButton);
    },
    // Offline, or a deploy replaced the chunk: the prerendered page goes on working as it is, and
    // the next interaction tries again.
    () => (started = false),
  );
}

// A button clicked before React runs would do nothing (a link simply navigates, the page it opens
// is prerendered too): remember the last one, and hydrate.tsx clicks it again once React listens.
let pendingButton: HTMLButtonElement | undefined;
const rememberButton = (event: MouseEvent) => {
  const button = (event.target as Element | null)?.closest?.('button');
  if (button instanceof HTMLButtonElement && root.contains(button) && !root.hasAttribute('data-hydrated')) pendingButton = button;
};

if (!root.firstElementChild) start();
else {
  addEventListener('click', rememberButton, true);
  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });
  // After the load event and the first contentful paint as the browser reports it (a small page
  // can load before it paints, and its paint is timed when the frame is shown, after the frame's
  // callbacks), when the browser is idle. Safari has no requestIdleCallback.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  const afterPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(() => setTimeout(whenIdle, 0));
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      whenIdle();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
}
