import { loadFrench, loadLaterSteps } from '../chunks/lazy-chunks.ts';
import { forwardToDataLayer } from '../data-layer.ts';
import { parseConfig, WIDGET_ATTRIBUTES, type RawAttributes } from '../element/attribute-rules.ts';
import type { R2wcProps } from '../element/parsed-config.tsx';
import { toPropName } from '../element/prop-names.ts';
import { warnOnce } from '../element/warn-once.ts';
import { emit } from '../events.ts';
import type { WidgetMount } from '../form/mount-widget.tsx';
import type { FormSeed } from '../form/use-demo-flow.ts';
import { readSavedFlow, savedFlowKey } from '../form/saved-flow.ts';
import { addStyles } from '../stylesheet.ts';
import { draw } from './draw.ts';
import { drawFormShell, type FormShell } from './form-shell.ts';
import { widgetLanguage, type Language } from '../i18n/language.ts';
import type { ShellDescription } from './markup.ts';
import { shell as englishShell } from './shell-description.ts';
import { whenSeenAndIdle } from './when-seen-and-idle.ts';

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
// What r2wc gets for `react-dom/client`'s `createRoot(shadowRoot)` (src/element/r2wc-react-dom.ts):
// a root whose `render()` receives r2wc's props (src/element/r2wc-react.ts's elements are
// `{ type, props }`). Until the later steps' chunk arrives the root draws the shell (the
// configuration message, or the form); from then on, Preact (the chunk's `mountWidget`) renders.

type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;
type French = Awaited<ReturnType<typeof loadFrench>>['french'];

export function createShellRoot(container: ShadowRoot) {
  const host = container.host as HTMLElement;
  const warned = new Set<string>();
  let props: R2wcProps = {};
  /** Preact, once it took over. */
  let app: WidgetMount | null = null;
  let shown: 'configuration' | 'form' | 'restoring' | null = null;
  let form: FormShell | null = null;
  let businessType: string | undefined;
  let analytics: string | null | undefined;
  let stopDataLayer: (() => void) | undefined;
  let chunk: Promise<LaterSteps> | null = null;
  let warmed = false;
  let gone = false;
  let stopWatching: (() => void) | undefined;
  /** The widget's language, read at its first draw; the French texts and shell once their chunk is here. */
  let language: Language | undefined;
  let french: French | 'asked' | undefined;
  /** The French texts when this widget speaks French and has them; null for English. */
  const frenchNow = () => (language === 'fr' && typeof french === 'object' ? french : null);
  /** The shell in the widget's language. */
  const shell = (): ShellDescription => frenchNow()?.shell ?? englishShell;

  /** The chunk, asked for once; a failure is forgotten, so the next ask tries again. Its styles join the root's before anything renders with them. */
  const load = () =>
    (chunk ??= loadLaterSteps().then(
      (steps) => (addStyles(container, steps.styles), steps),
      (error: unknown) => {
        chunk = null;
        throw error;
      },
    ));

  const show = (node: Node) => container.replaceChildren(node);

  /** Preact takes over: it hydrates the shell's form (going on from what it holds), or renders into an emptied root. */
  function takeOver(steps: LaterSteps) {
    if (gone || app) return;
    let seed: FormSeed | undefined;
    if (form) {
      seed = form.seed();
      form.stop();
    } else container.replaceChildren();
    // The flow's own listener replaces the shell's (use-demo-flow.ts), before anything more is told.
    stopDataLayer?.();
    const texts = frenchNow();
    app = steps.mountWidget(container, props, warned, seed, texts ? { language: 'fr', copy: texts.copy } : undefined);
  }

  function dropForm() {
    form?.stop();
    form = null;
    stopDataLayer?.();
    stopDataLayer = undefined;
    analytics = undefined;
  }

  function drawShell() {
    // A French widget (issue 33) draws nothing until its texts are here: they come first, with the
    // form's French shell (src/i18n/french.ts). Should they not come, the widget speaks English.
    language ??= widgetLanguage(host);
    if (language === 'fr' && typeof french !== 'object') {
      if (french === undefined) {
        french = 'asked';
        loadFrench().then(
          (chunk) => {
            french = chunk.french;
            if (!gone && !app) drawShell();
          },
          (error: unknown) => {
            console.warn('[franchise-ai-demo] the French texts could not be loaded; the demo is shown in English.', error);
            language = 'en';
            if (!gone && !app) drawShell();
          },
        );
      }
      return;
    }
    const config = parseConfig(
      Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, props[toPropName(attribute)]])) as RawAttributes,
      (message) => warnOnce(warned, message),
    );
    // Without a usable webhook-base there is no flow, so no step (FranchiseAiDemo says the same).
    if (!config.webhookBase) {
      if (shown !== 'configuration') {
        dropForm();
        show(draw(shell().configMessage[0]!));
        shown = 'configuration';
      }
      host.removeAttribute('data-step');
      return;
    }
    if (shown === 'restoring') return;
    const fresh = shown !== 'form';
    if (fresh) {
      // A flow the tab kept is past the form: Preact restores it as soon as its chunk is here.
      if (readSavedFlow(savedFlowKey(host), config.webhookBase)) {
        container.replaceChildren();
        shown = 'restoring';
        load().then(takeOver, (error: unknown) => {
          console.warn('[franchise-ai-demo] the restored steps could not be loaded.', error);
          if (!gone && !app) show(draw(shell().loadFailedMessage[0]!));
        });
        return;
      }
      const drawn = drawFormShell(shell(), config.businessType, { warm, submit });
      form = drawn.form;
      businessType = config.businessType;
      show(drawn.frame);
      shown = 'form';
      stopWatching ??= whenSeenAndIdle(host, warm);
    } else if (config.businessType !== businessType) {
      businessType = config.businessType;
      form!.setBusinessType(config.businessType);
    }
    // analytics="datalayer": listening before the step is told, so the dataLayer has the `form` step too.
    if (config.analytics !== analytics) {
      stopDataLayer?.();
      stopDataLayer = config.analytics === 'datalayer' ? forwardToDataLayer(host) : undefined;
      analytics = config.analytics;
    }
    if (fresh) {
      host.setAttribute('data-step', 'form');
      emit(host, 'franchise-ai-demo-step', { step: 'form' });
    }
  }

  /**
   * The chunk is asked for once the form is usable, on screen and the page idle, or when the visitor
   * reaches into the form, whichever comes first: seconds before the submit needs it, so that a form
   * filled at once (autofill) and sent does not wait for it. A failure stays quiet.
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
  function submit() {
    load().then(takeOver, (error: unknown) => {
      if (gone || app) return;
      // The code that sends could not arrive: the same message as a failed send, and the form as typed.
      form?.submitFailed();
      console.warn(`[franchise-ai-demo] submit: ${shell().copy.submitError}`, error);
      emit(host, 'franchise-ai-demo-error', { stage: 'submit', message: shell().copy.submitError });
    });
  }

  return {
    render({ props: next }: { props: R2wcProps }) {
      props = next;
      if (app) app.render(props);
      else drawShell();
    },
    unmount() {
      gone = true;
      stopWatching?.();
      if (app) return app.unmount();
      dropForm();
      container.replaceChildren();
    },
  };
}
