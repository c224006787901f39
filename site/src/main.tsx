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
  for (const type of INTERACTIONS) removeEventListener(type, start, true);
  void import('./hydrate.tsx').then(({ hydrate }) => hydrate(root, pendingButton));
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
  // Safari has no requestIdleCallback.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
