import { forwardToDataLayer } from './data-layer.ts';
import { dropHeldEvents, emit, releaseHeldEvents } from './events.ts';
import { readSavedFlow, savedFlowKey } from '../form-rules/saved-flow.ts';
import { createShellRoot, type ShellRoot } from '../shell/shell-root.ts';
import { adoptStyles } from './stylesheet.ts';
import { parseConfig, WIDGET_ATTRIBUTES, type AnalyticsTarget, type WidgetConfig } from './attribute-rules.ts';
import { toPropName, type WidgetProps } from './prop-names.ts';
import type { FlowConfig, HostPort } from './renderer.ts';
import { startUpFailed } from './start-up-failed.ts';
import { warnOnce } from './warn-once.ts';

// The tags below build dist/custom-elements.json and the editors' data (build/custom-elements-plugin.mjs,
// which checks them against the code); an attribute's default is the backticked value after `Default:`.
/**
 * The demo flow as a custom element: form, building your agent, congratulations, then a phone call,
 * a browser call or a chat, all in shadow DOM.
 *
 * @attr webhook-base - URL prefix of the webhooks (the spec's three, and `demo_status` and `chat_message` where the host has them), including the product segment. Required.
 * @attr public-key - The voice provider's public key, for the in-browser call.
 * @attr business-type - The toggle's starting side. Default: `franchisor`.
 * @attr home-url - Where 'Back to Home' goes: a relative or http(s) URL. Default: `/`.
 * @attr variant - `inline`: in its place in the page; `launcher`: a button in a corner that opens it in a panel (a full-screen sheet on phones), the flow kept while closed. Default: `inline`.
 * @attr position - The launcher's corner: `bottom-right`, `bottom-left`, `top-right` or `top-left`. Default: `bottom-right`.
 * @attr voice-api-base - The voice provider's API base URL (a proxy or a test server). Default: the provider's own.
 * @attr voice-avoid-eval - Present: load the call machine with a script tag instead of `Function()` (strict-CSP pages).
 * @attr analytics - `datalayer`: push the events, without personal data, to `window.dataLayer` (docs/ANALYTICS.md). Absent: off.
 * @attr company-name - Who calls, as the phone dialog's consent words name it when the host issues none of its own. Default: `Franchise AI`.
 * @attr privacy-url - The privacy policy the phone dialog's consent words link to when the host issues none of its own: a relative or http(s) URL. Absent: no link.
 * @attr next-url - The page a call leads to ('Book a discovery call'): a relative or http(s) URL. Absent: the host's booking page, if it gave one.
 * @attr theme - The colors; `auto` follows the visitor's `prefers-color-scheme`. A `--fad-*` property the page sets wins in every theme. Default: `light`.
 * @attr contact-email - The company's email, the endings' first link when there is no booking page. Absent: the host's, if it gave one.
 * @attr contact-phone - The company's phone, international (+ first), the endings' link without a booking page or email. Absent: the host's.
 *
 * @event franchise-ai-demo-step - The step changed (also reflected in `data-step`).
 * @event franchise-ai-demo-submit - The form was sent. Its `request` is the visitor's personal data: do not forward it to analytics.
 * @event franchise-ai-demo-ready - The agent is "ready": the congratulations step.
 * @event franchise-ai-demo-call-requested - The phone-call request was answered: `ok` taken; `refused` refused with reasons shown in the dialog; neither: it failed; `placed` false when no call was placed (a host with no voice says so).
 * @event franchise-ai-demo-call-start - The in-browser call connected.
 * @event franchise-ai-demo-call-end - The in-browser call ended.
 * @event franchise-ai-demo-error - Something failed; `stage` says where: submit, assistant, phone or voice.
 * @event franchise-ai-demo-next-step - The visitor chose a next step after a call: `choice` book, contact, call-me, call-again, home, change-number or browser-call; `step` where.
 *
 * @csspart root - The widget's outer box.
 * @csspart form - The demo request form.
 * @csspart submit-button - The form's submit button.
 * @csspart card - Benefit, option, detail and feature cards.
 * @csspart progress - The loading progress bar track.
 * @csspart dialog - The 'Schedule Your Call' dialog.
 * @csspart call-button - Start Call / End Call.
 * @csspart home-link - 'Back to Home'.
 * @csspart launcher - The launcher's button (`variant="launcher"`).
 * @csspart panel - The panel the launcher opens.
 * @csspart booking-link - The endings' first link: 'Book a discovery call', or the company's email or phone.
 *
 * @cssproperty --fad-font-family - All text.
 * @cssproperty --fad-color-text - Text, secondary buttons, the dialog.
 * @cssproperty --fad-color-muted - Secondary text: lead paragraphs, card and dialog text, hints.
 * @cssproperty --fad-color-background - The widget's box, fields, secondary buttons, the dialog.
 * @cssproperty --fad-color-surface - Cards, the toggle, the call panel, the progress track, notices.
 * @cssproperty --fad-color-border - Borders of fields, the toggle and agent details; the progress track.
 * @cssproperty --fad-color-primary - Primary buttons, the chosen toggle side, progress, focus ring.
 * @cssproperty --fad-color-primary-text - Text on primary buttons and the chosen toggle side.
 * @cssproperty --fad-color-error - Error messages, the configuration message, End Call.
 * @cssproperty --fad-color-night - The browser call's dark panel (its text stays light: keep it dark).
 * @cssproperty --fad-radius - Corners (fields and buttons use two thirds of it).
 * @cssproperty --fad-heading-weight - Weight of the headings and the agent's name (a number, e.g. 800).
 * @cssproperty --fad-shadow-button - Shadow of primary buttons (a box-shadow).
 * @cssproperty --fad-card-accent - The bar above each card's title (a colour or a gradient).
 * @cssproperty --fad-max-width - The widget's box.
 */
export interface FranchiseAiDemoElement extends HTMLElement, WidgetProps {}

/** Builds the class on demand: `HTMLElement` does not exist during server rendering. */
export function createFranchiseAiDemoElement(): CustomElementConstructor {
  const FranchiseAiDemo = class extends HTMLElement {
    static observedAttributes = WIDGET_ATTRIBUTES;

    #root: ShadowRoot | undefined;
    /** Start-up failed (start-up-failed.ts): the element shows its own content and does nothing more. */
    #failed = false;
    /** Made at the first connection, not before (a script may create and fill the element unheard), and dropped at a real removal. */
    #shellRoot: ShellRoot | null = null;
    /** A disconnection not yet acted on: a move (removed and inserted again in the same task) cancels it. */
    #pendingTeardown: ReturnType<typeof setTimeout> | undefined;
    /** The attribute values last parsed, and what they gave: a configuration is parsed once per change. */
    #parsed: string | undefined;
    #config: WidgetConfig | null = null;
    readonly #warned = new Set<string>();
    /** The running flow's configuration; null when none runs. */
    #flow: FlowConfig | null = null;
    #step: string | null = null;
    #analytics: AnalyticsTarget | null = null;
    #stopDataLayer: (() => void) | undefined;

    readonly #port: HostPort = {
      step: (step) => {
        if (step === this.#step) return; // the first-render form's step, told again by Preact taking it over
        this.#step = step;
        this.setAttribute('data-step', step);
        emit(this, 'franchise-ai-demo-step', { step });
      },
      ready: (agentId) => emit(this, 'franchise-ai-demo-ready', { agentId }),
      failed: (stage, message, cause) => {
        console.warn(`[franchise-ai-demo] ${stage}: ${message}`, cause ?? '');
        emit(this, 'franchise-ai-demo-error', { stage, message });
      },
    };

    constructor() {
      super();
      try {
        this.#root = this.attachShadow({ mode: 'open' });
        adoptStyles(this.#root);
      } catch (error) {
        this.#fail(error);
      }
    }

    #fail(error: unknown): void {
      this.#failed = true;
      startUpFailed(error, this);
    }

    connectedCallback(): void {
      if (this.#failed) return;
      // A move: the flow is still mounted (timers, a post in flight, a call): keep it as it is.
      clearTimeout(this.#pendingTeardown);
      this.#pendingTeardown = undefined;
      try {
        const moved = this.#shellRoot !== null;
        this.#shellRoot ??= createShellRoot(this.#root!, this.#port);
        // Re-rendered after a move: leaving the document took an open phone dialog out of the top layer.
        if (!this.#configure() && moved && this.#flow) this.#shellRoot.update(this.#flow);
      } catch (error) {
        this.#fail(error);
        return;
      }
      // What happened while a page moved it (an answer that arrived meanwhile), told now.
      releaseHeldEvents(this);
    }

    // A page that moves the element (remove + append, or into another parent) must not reset the
    // flow or abort its requests: the teardown waits for the next task, and only an element still
    // disconnected then is torn down (timers, requests and the call end).
    disconnectedCallback(): void {
      if (this.#failed || this.#pendingTeardown !== undefined) return;
      this.#pendingTeardown = setTimeout(() => {
        this.#pendingTeardown = undefined;
        if (this.isConnected) return;
        this.#shellRoot?.unmount();
        this.#shellRoot = null;
        this.#listen(null);
        this.#parsed = undefined;
        this.#config = this.#step = this.#flow = null;
        dropHeldEvents(this); // a flow that has ended has nothing more to tell
      }, 0);
    }

    attributeChangedCallback(): void {
      if (!this.#failed && this.#shellRoot) this.#configure();
    }

    /** Parses the attributes when they changed, and acts on what changed; false when nothing did. */
    #configure(): boolean {
      const values = WIDGET_ATTRIBUTES.map((attribute) => this.getAttribute(attribute));
      const key = JSON.stringify(values);
      if (key === this.#parsed) return false;
      this.#parsed = key;
      const previous = this.#config;
      const config = parseConfig(Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute, index) => [attribute, values[index]])), (message) =>
        warnOnce(this.#warned, message),
      );
      this.#config = config;
      const shellRoot = this.#shellRoot!;
      shellRoot.layout(config);
      const { webhookBase } = config;
      if (!webhookBase) {
        this.#listen(null);
        this.#flow = this.#step = null;
        this.removeAttribute('data-step');
        shellRoot.configuration();
        return true;
      }
      // Listening before any step is told, so the dataLayer has the first one too.
      this.#listen(config.analytics);
      const running = this.#flow !== null;
      const flow = (this.#flow = { ...config, webhookBase });
      if (running) {
        shellRoot.update(flow);
        if (previous?.businessType !== config.businessType) shellRoot.moveToggle(config.businessType);
      } else {
        const savedKey = savedFlowKey(this);
        shellRoot.flow({ config: flow, saved: readSavedFlow(savedKey, webhookBase), savedKey });
      }
      return true;
    }

    #listen(analytics: AnalyticsTarget | null): void {
      if (analytics === this.#analytics) return;
      this.#stopDataLayer?.();
      this.#stopDataLayer = analytics === 'datalayer' ? forwardToDataLayer(this) : undefined;
      this.#analytics = analytics;
    }
  };
  // Each attribute as a camelCase property that reflects it: undefined when absent, removed when set to null or undefined.
  for (const attribute of WIDGET_ATTRIBUTES) {
    Object.defineProperty(FranchiseAiDemo.prototype, toPropName(attribute), {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.getAttribute(attribute) ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === null || value === undefined) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
  return FranchiseAiDemo;
}
