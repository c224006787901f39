/**
 * Runs in the page before any of its scripts (Playwright's addInitScript, so it must not use
 * anything from its module). Reports each moment once, as performance.now() (ms from navigation
 * start), to `window.__reportMoment(name, at)`, which the driver exposes:
 * - defined: customElements.whenDefined(tag), for an embed that is a custom element;
 * - frame: an iframe of the embed is visible (its shell, whatever it could load into it);
 * - control: a button or form field is visible, in the page, any shadow root (closed ones too:
 *   attachShadow is wrapped to keep them) or a same-origin iframe;
 * - usable: a text field is visible, enabled, writable and takes focus (tried, not inferred: focus()
 *   is refused to anything hidden, inert or disabled).
 * `controls`: a selector for what else the embed uses as a control (a clickable div with no role).
 * `inside`: when given, a tag: only the shadow roots of that element (and those nested in them) are
 * searched, so that on a page with controls of its own (the site's /demo: its menu button) only
 * the embed's count, and the detector's focus() never lands on the page's own fields.
 * Checked at the start of an animation frame, the moment a frame that could paint it begins: a
 * querySelectorAll per root; its own time goes to `window.__detector` (and with each report) for the
 * driver to subtract. Long tasks go to `window.__longTasks`.
 */
export function detectMoments({ tag, moments, controls, inside }) {
  const wanted = new Set(moments);
  const reported = new Set();
  // The detector's own time so far (the check under way included), which the driver subtracts from the script time it reads.
  const ownMs = () => window.__detector.ms + (checkStarted === undefined ? 0 : performance.now() - checkStarted);
  let checkStarted;
  const report = (name) => {
    if (!wanted.has(name) || reported.has(name)) return;
    reported.add(name);
    window.__reportMoment(name, performance.now(), ownMs());
  };
  window.__detector = { ms: 0, checks: 0 };
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map(({ startTime, duration }) => ({ startTime, duration })))).observe({
    type: 'longtask',
    buffered: true,
  });
  if (tag) customElements.whenDefined(tag).then(() => report('defined'));

  const roots = [document];
  // Filled in below, once the observer exists: shadow roots are attached after this script runs.
  const observedRoots = { push: () => {} };
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    roots.push(root);
    observedRoots.push(root);
    return root;
  };
  // A shadow root belongs to the embed when its host, or the host of a root around it, is an `inside` element.
  const ofEmbed = (root) => {
    for (let host = root.host; host; host = host.getRootNode().host) if (host.closest(inside)) return true;
    return false;
  };
  const all = (selector) => {
    const found = [];
    const searched = inside ? roots.filter(ofEmbed) : roots;
    for (const root of searched) found.push(...root.querySelectorAll(selector));
    for (const frame of searched.flatMap((root) => [...root.querySelectorAll('iframe')])) {
      try {
        if (frame.contentDocument) found.push(...frame.contentDocument.querySelectorAll(selector));
      } catch {
        // A cross-origin frame: its inside is not the page's to see.
      }
    }
    return found;
  };
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const TEXT_TYPES = new Set(['text', 'email', 'tel', 'url', 'search']);
  const takesFocus = (field) => {
    field.focus({ preventScroll: true });
    const focused = field.getRootNode().activeElement === field;
    if (focused) field.blur();
    return focused;
  };
  const usable = (field) =>
    (field.localName === 'textarea' || TEXT_TYPES.has(field.type)) && visible(field) && !field.matches(':disabled') && !field.readOnly && takesFocus(field);

  // Checked on the first frame after any change to the DOM (the page's or a shadow root's) and for
  // QUIET_FRAMES frames after the last one (a fade-in changes no node), then idle until the next
  // change: a loop on every frame of a 15 s round would charge the detector's own querySelectorAll
  // to the script time of an embed that never gets ready.
  const QUIET_FRAMES = 10;
  const done = () => [...wanted].every((name) => name === 'defined' || reported.has(name));
  let scheduled = false;
  let quiet = 0;
  // Timed, so that the driver can take the detector's own work off the embed's script time. The
  // page's style and layout are brought up to date first and untimed: that is the embed's
  // rendering, which the frame does right after this callback anyway, and which Chromium counts as
  // layout and style, not script; timed, it would take the embed's own work off its figure.
  const check = () => {
    document.documentElement.getBoundingClientRect();
    checkStarted = performance.now();
    try {
      checkNow();
    } finally {
      window.__detector.ms += performance.now() - checkStarted;
      window.__detector.checks += 1;
      checkStarted = undefined;
    }
  };
  const checkNow = () => {
    scheduled = false;
    if (wanted.has('frame') && all('iframe').some(visible)) report('frame');
    if (all(`button, input:not([type="hidden"]), textarea, select, [role="button"]${controls ? `, ${controls}` : ''}`).some(visible)) report('control');
    if (wanted.has('usable') && all('input, textarea').some(usable)) report('usable');
    if (done()) return observer.disconnect();
    if (++quiet < QUIET_FRAMES) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  const observer = new MutationObserver(() => {
    quiet = 0;
    schedule();
  });
  const OBSERVED = { childList: true, subtree: true, attributes: true };
  observer.observe(document, OBSERVED);
  observedRoots.push = (root) => observer.observe(root, OBSERVED);
  addEventListener('load', () => {
    quiet = 0;
    schedule();
  });
  schedule();
}
