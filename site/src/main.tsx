import './styles.css';
// Figtree's metric-matched fallback, computed at build time (vite.config.ts).
import 'virtual:figtree-fallback.css';
import { WIDGET_TAG } from './widget-tag.ts';

// The page's one eager script, and a tiny one: every route arrives prerendered and works without
// JavaScript, so React is fetched and hydrates only once the page is shown and the browser is idle,
// or at the visitor's first interaction, whichever comes first. Nothing stands between the HTML and
// its first paint. The dev server's page is empty: there the app renders at once.
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
const root = document.getElementById('root')!;

let started = false;
function start(event?: Event): void {
  // Typing into the widget is the widget's business, not a reason to load the site's React.
  if (started || (event?.target instanceof Element && event.target.closest(WIDGET_TAG))) return;
  started = true;
  // React DOM first, then (after yielding to the browser) the app: two shorter tasks, not one long one.
  import('./react-runtime.ts')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./hydrate.tsx'))
    // After the page's language's content, if it is not English (hydrate.tsx).
    .then(({ hydrate }) => hydrate(root, pendingButton))
    .then(
      () => {
        for (const type of INTERACTIONS) removeEventListener(type, start, true);
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

/** Resolves at the first contentful paint as the browser reports it: a small page can load before it paints, and its paint is timed when the frame is shown, after the frame's callbacks. */
const painted = new Promise<void>((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(() => setTimeout(resolve, 0));
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    resolve();
  });
  observer.observe({ type: 'paint', buffered: true });
});
const loaded = new Promise<void>((resolve) => (document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true })));

if (!root.firstElementChild) start();
else {
  addEventListener('click', rememberButton, true);
  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });
  // React: once the page has painted and loaded, when the browser is idle. Safari has no requestIdleCallback.
  // A page marked `data-hydrate="on-interaction"` (/demo) leaves the main thread to the widget: React
  // comes only when the visitor reaches for the site around it.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => start(), { timeout: 2000 }) : setTimeout(() => start(), 200));
  if (!document.querySelector('[data-hydrate="on-interaction"]')) void Promise.all([painted, loaded]).then(whenIdle);
}

// A prerendered page with the widget keeps Figtree's metric-matched fallback until the widget has
// painted its first screen (src/styles/fonts.css): the frame after it is defined, then this marks
// #root. So the font's 20 KB come after the widget's form is on screen, not before its first paint.
if (root.firstElementChild && document.querySelector(WIDGET_TAG))
  void customElements.whenDefined(WIDGET_TAG).then(() => requestAnimationFrame(() => setTimeout(() => root.setAttribute('data-widget-painted', ''), 0)));
