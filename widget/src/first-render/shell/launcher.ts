import type { Copy } from '../../copy/copy.ts';
import type { Layout } from '../element/layout-rules.ts';
import { draw } from './draw.ts';

/** The copy keys the launcher reads: in the shell's description, so a French widget has them with its form. */
export const LAUNCHER_TEXTS = ['launcherOpen', 'launcherClose', 'launcherLive'] as const;
type LauncherTexts = Pick<Copy, (typeof LAUNCHER_TEXTS)[number]>;

/** What the shadow root shows around the flow: the flow alone, or a launcher's button and the panel it opens. */
export interface Frame {
  /** Where the renderers draw. Closing the panel only hides it, so the flow under it goes on. */
  stage: HTMLElement;
  /** What must be on screen before the later steps are fetched: the launcher's button, else the element. */
  seen(): Element;
  arrange(layout: Layout, texts: LauncherTexts): void;
  /** After a move, which took an open panel out of the top layer: modal again. */
  restore(): void;
  remove(): void;
}

// attachInternals works once per element, and a frame is made again after each removal.
const internals = new WeakMap<HTMLElement, ElementInternals>();
const CALL_EVENTS = ['franchise-ai-demo-call-start', 'franchise-ai-demo-call-end'] as const;
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** `warm`: the visitor may open it soon (the button is hovered or focused, or the panel opened): the later steps are fetched. */
export function createFrame(root: ShadowRoot, warm: () => void): Frame {
  const host = root.host as HTMLElement;
  const stage = draw(['div', { class: 'fad-stage' }]) as HTMLElement;
  root.append(stage);
  let launcher: { button: HTMLButtonElement; panel: HTMLDialogElement; parts: Element[] } | null = null;
  const states = () => {
    if (!internals.has(host)) internals.set(host, host.attachInternals());
    return internals.get(host)!.states;
  };
  const onCall = (event: Event) => launcher?.button.classList.toggle('live', event.type === CALL_EVENTS[0]);

  function build(): NonNullable<typeof launcher> {
    const button = draw([
      'button',
      { type: 'button', class: 'launcher', part: 'launcher', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-controls': 'fad-panel' },
      ['span', { class: 'launcher-icon', 'aria-hidden': 'true' }],
      ['span', { class: 'launcher-label' }],
      ['span', { class: 'launcher-live' }],
    ]) as HTMLButtonElement;
    const panel = draw([
      'dialog',
      { id: 'fad-panel', class: 'panel', part: 'panel', 'aria-labelledby': 'fad-panel-title' },
      ['div', { class: 'panel-bar' }, ['p', { id: 'fad-panel-title', class: 'panel-title' }], ['button', { type: 'button', class: 'panel-close' }, '×']],
    ]) as HTMLDialogElement;
    const close = panel.querySelector('button')!;
    button.addEventListener('pointerenter', warm);
    button.addEventListener('focus', warm);
    button.addEventListener('click', () => {
      warm();
      panel.showModal();
      button.ariaExpanded = 'true';
    });
    close.addEventListener('click', () => panel.close());
    // Escape closes the panel through its `cancel`; an open dialog of a step inside is on top and closes first.
    panel.addEventListener('close', (event) => {
      if (event.target !== panel || panel.open) return; // the phone dialog's, or restore()'s close before it opened again
      button.ariaExpanded = 'false';
      button.focus();
    });
    panel.addEventListener('keydown', (event) => trapTab(event, panel));
    for (const type of CALL_EVENTS) host.addEventListener(type, onCall);
    return { button, panel, parts: [button.children[1]!, panel.querySelector('p')!, button.children[2]!, close] };
  }

  return {
    stage,
    seen: () => launcher?.button ?? host,
    arrange({ variant, position }, texts) {
      if (variant === 'inline') {
        if (!launcher) return;
        root.append(stage);
        launcher.button.remove();
        launcher.panel.remove();
        launcher = null;
        states().delete('launcher');
        return;
      }
      if (!launcher) {
        launcher = build();
        launcher.panel.append(stage);
        root.prepend(launcher.button, launcher.panel);
        states().add('launcher');
      }
      const { button, panel, parts } = launcher;
      button.dataset['position'] = panel.dataset['position'] = position;
      const [label, title, live, close] = parts;
      label!.textContent = title!.textContent = texts.launcherOpen;
      live!.textContent = texts.launcherLive;
      close!.ariaLabel = texts.launcherClose;
    },
    restore() {
      const panel = launcher?.panel;
      if (!panel?.open || panel.matches(':modal')) return;
      panel.close();
      panel.showModal();
    },
    remove() {
      for (const type of CALL_EVENTS) host.removeEventListener(type, onCall);
    },
  };
}

/** A modal dialog lets Tab leave for the browser's own UI; keep it cycling inside the panel instead (a dialog inside traps its own). */
function trapTab(event: KeyboardEvent, panel: HTMLDialogElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented || (event.target as Element).closest('dialog') !== panel) return;
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => control.getClientRects().length > 0);
  const active = (panel.getRootNode() as ShadowRoot).activeElement;
  if (active === (event.shiftKey ? controls[0] : controls.at(-1))) {
    event.preventDefault();
    (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
  }
}
