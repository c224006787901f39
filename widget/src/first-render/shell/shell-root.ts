import type { BusinessType } from '@franchise-ai/shared/constants';
import { loadFrench, loadLaterSteps } from '../chunks/lazy-chunks.ts';
import type { FlowConfig, FlowRenderer, FlowStart, FormSeed, HostPort } from '../element/renderer.ts';
import { widgetLanguage, type Language } from '../../copy/language.ts';
import { addStyles } from '../element/stylesheet.ts';
import { draw } from './draw.ts';
import { createFrame } from './launcher.ts';
import type { Layout } from '../element/layout-rules.ts';
import { drawFormShell, type FormShell } from './form-shell.ts';
import type { ShellDescription } from './markup.ts';
import { englishShell } from './shell-description.ts';
import { whenSeenAndIdle } from './when-seen-and-idle.ts';

type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;
type French = Awaited<ReturnType<typeof loadFrench>>['french'];

/** What the element asks the shadow root to show; which renderer draws it is decided here. */
export interface ShellRoot {
  /** No usable webhook-base: the configuration message, ending any flow. */
  configuration(): void;
  flow(start: FlowStart): void;
  update(config: FlowConfig): void;
  moveToggle(businessType: BusinessType): void;
  /** Inline, or behind a launcher (launcher.ts); told before the flow or the configuration message. */
  layout(layout: Layout): void;
  unmount(): void;
}

/**
 * The element's shadow root between its two renderers: the first-render form until the later
 * steps' chunk is here, then the Preact flow (widget/LIFECYCLE.md). Both report to `port`.
 */
export function createShellRoot(root: ShadowRoot, port: HostPort): ShellRoot {
  const host = root.host as HTMLElement;
  let wanted: FlowStart | 'configuration' | null = null;
  let shown: FlowStart | 'configuration' | null = null;
  let renderer: FlowRenderer | null = null;
  let form: FormShell | null = null;
  let chunk: Promise<LaterSteps> | null = null;
  let steps: LaterSteps | null = null;
  let gone = false;
  let warmed = false;
  let stopWatching: (() => void) | undefined;
  // Read at the first draw; a French widget draws nothing until its texts and form are here.
  let language: Language | undefined;
  let french: French | 'asked' | undefined;
  const frenchNow = () => (language === 'fr' && typeof french === 'object' ? french : null);
  const shell = (): ShellDescription => frenchNow()?.shell ?? englishShell();
  const frame = createFrame(root, () => warm());
  const stage = frame.stage;
  let layout: Layout | undefined;
  const arrange = () => layout && frame.arrange(layout, shell().copy);

  /** Asked for once; a failure is forgotten, so the next ask tries again. Its styles are in place before anything renders with them. */
  const load = () =>
    (chunk ??= loadLaterSteps().then(
      (loaded) => {
        addStyles(root, loaded.styles);
        return (steps = loaded);
      },
      (error: unknown) => {
        chunk = null;
        throw error;
      },
    ));

  const show = (node: Node) => stage.replaceChildren(node);

  function end() {
    stopWatching?.();
    stopWatching = undefined;
    renderer?.unmount();
    renderer = form = null;
  }

  function mountPreact(loaded: LaterSteps, start: FlowStart, seed?: FormSeed) {
    const texts = frenchNow();
    if (!seed) stage.replaceChildren();
    renderer = loaded.mountWidget(stage, { ...start, port, seed, texts: texts ? { language: 'fr', copy: texts.copy } : undefined });
  }

  function drawWanted() {
    if (gone || wanted === shown) return;
    language ??= widgetLanguage(host);
    if (language === 'fr' && typeof french !== 'object') {
      if (french === undefined) {
        french = 'asked';
        loadFrench().then(
          (chunk) => {
            french = chunk.french;
            drawWanted();
          },
          (error: unknown) => {
            console.warn('[franchise-ai-demo] the French texts could not be loaded; the demo is shown in English.', error);
            language = 'en';
            drawWanted();
          },
        );
      }
      return;
    }
    end();
    shown = wanted;
    arrange();
    if (shown === 'configuration') return show(draw(shell().configMessage[0]!));
    if (!shown) return;
    const start = shown;
    if (steps) return mountPreact(steps, start);
    if (start.saved) {
      stage.replaceChildren();
      load().then(
        (loaded) => !gone && shown === start && mountPreact(loaded, start),
        (error: unknown) => {
          console.warn('[franchise-ai-demo] the restored steps could not be loaded.', error);
          if (shown === start && !gone) show(draw(shell().loadFailedMessage[0]!));
        },
      );
      return;
    }
    const drawn = drawFormShell(shell(), start.config.businessType, { warm, submit: () => submit(drawn.form) });
    renderer = form = drawn.form;
    show(drawn.frame);
    port.step('form');
    if (!warmed) stopWatching = whenSeenAndIdle(frame.seen(), warm);
  }

  /** Preact hydrates the first-render form, going on from what it holds. */
  function takeOver(loaded: LaterSteps) {
    if (gone || !form || typeof shown !== 'object' || !shown) return;
    const seed = form.seed();
    form.unmount();
    mountPreact(loaded, shown, seed);
    form = null;
  }

  /**
   * The chunk is asked for once the form is on screen and the page idle, or when the visitor reaches
   * into the form, whichever comes first: seconds before a submit needs it. A failure stays quiet.
   */
  function warm() {
    if (warmed) return;
    warmed = true;
    stopWatching?.();
    load().then(takeOver, (error: unknown) =>
      console.warn('[franchise-ai-demo] the next steps could not be loaded yet; they are tried again when the form is sent.', error),
    );
  }

  /** A submit before the chunk: the form shows it being sent, and Preact sends it once the chunk is here. */
  function submit(sent: FormShell) {
    load().then(takeOver, (error: unknown) => {
      if (gone || form !== sent) return;
      sent.submitFailed();
      port.failed('submit', shell().copy.submitError, error);
    });
  }

  return {
    configuration() {
      wanted = 'configuration';
      drawWanted();
    },
    flow(start) {
      wanted = start;
      drawWanted();
    },
    update(config) {
      if (typeof wanted === 'object' && wanted) wanted.config = config;
      frame.restore();
      renderer?.update(config);
    },
    moveToggle: (businessType) => renderer?.moveToggle(businessType),
    layout(next) {
      layout = next;
      // Once something is drawn, the language (and so the launcher's texts) is settled.
      if (shown !== null) arrange();
    },
    unmount() {
      gone = true;
      end();
      frame.remove();
      root.replaceChildren();
    },
  };
}
