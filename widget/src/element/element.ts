import { WIDGET_ATTRIBUTES, type WidgetAttribute } from './attribute-rules.ts';
import { toPropName, type WidgetProps } from './prop-names.ts';
import { dropHeldEvents, releaseHeldEvents } from '../events.ts';
import { r2wcElementClass, render, renderOnlyOnceConnected, writeProp } from './r2wc-internals.ts';
import { adoptStyles } from '../stylesheet.ts';
import { startUpFailed } from './start-up-failed.ts';

// The tags below are the element's documentation for tools: the build turns them into
// dist/custom-elements.json and the editors' data (build/custom-elements-plugin.mjs), taking the
// tag name from DEFAULT_TAG, each attribute's type from WidgetAttributeValue, each event's detail
// from FranchiseAiDemoEventMap and each custom property's default from styles.css, and refusing
// names that differ from theirs or from the parts used in src. An attribute's default is the
// backticked value after `Default:`.
/**
 * The demo flow as a custom element: form, building your agent, congratulations, then a phone call
 * or a voice conversation in the browser, all in shadow DOM.
 *
 * @attr webhook-base - URL prefix of the webhooks (the three of the spec, and `demo_status` where the host has it), including the product segment. Required.
 * @attr public-key - The voice provider's public key, for the in-browser call.
 * @attr business-type - The toggle's starting side. Default: `franchisor`.
 * @attr home-url - Where 'Back to Home' goes: a relative or http(s) URL. Default: `/`.
 * @attr voice-api-base - The voice provider's API base URL (a proxy or a test server). Default: the provider's own.
 * @attr voice-avoid-eval - Present: load the call machine with a script tag instead of `Function()` (strict-CSP pages).
 * @attr analytics - `datalayer`: push the events, without personal data, to `window.dataLayer` (docs/ANALYTICS.md). Absent: off.
 * @attr company-name - Who calls, as the phone dialog's consent words name it when the host issues none of its own. Default: `Franchise AI`.
 * @attr privacy-url - The privacy policy the phone dialog's consent words link to when the host issues none of its own: a relative or http(s) URL. Absent: no link.
 * @attr next-url - The page a call leads to ('Book a discovery call'): a relative or http(s) URL. Absent: the host's booking page, if it gave one.
 *
 * @event franchise-ai-demo-step - The step changed (also reflected in `data-step`).
 * @event franchise-ai-demo-submit - The form was sent. Its `request` is the visitor's personal data: do not forward it to analytics.
 * @event franchise-ai-demo-ready - The agent is "ready": the congratulations step.
 * @event franchise-ai-demo-call-requested - The phone-call request was answered: `ok` taken; `refused` refused with reasons shown in the dialog; neither: it failed; `placed` false when no call was placed (a host with no voice says so).
 * @event franchise-ai-demo-call-start - The in-browser call connected.
 * @event franchise-ai-demo-call-end - The in-browser call ended.
 * @event franchise-ai-demo-error - Something failed; `stage` says where: submit, assistant, phone or voice.
 * @event franchise-ai-demo-next-step - The visitor chose a next step after a call: `choice` book, call-me, call-again, home, change-number or browser-call; `step` where.
 *
 * @csspart root - The widget's outer box.
 * @csspart form - The demo request form.
 * @csspart submit-button - The form's submit button.
 * @csspart card - Benefit, option, detail and feature cards.
 * @csspart progress - The loading progress bar track.
 * @csspart dialog - The 'Schedule Your Call' dialog.
 * @csspart call-button - Start Call / End Call.
 * @csspart home-link - 'Back to Home'.
 * @csspart booking-link - 'Book a discovery call' on 'Call Scheduled!', when the host gave a booking link.
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

const FranchiseAiDemoRoot = () => null;

/** Builds the class on demand: `HTMLElement` does not exist during server rendering. */
export function createFranchiseAiDemoElement(): CustomElementConstructor {
  // r2wc's component is only a name here: the root its `react-dom/client` makes (src/shell/) reads
  // the props and draws the shell, then hands them to Preact's ParsedConfig once that arrives.
  const Base = r2wcElementClass(FranchiseAiDemoRoot, WIDGET_ATTRIBUTES.map(toPropName));

  return class extends Base {
    /** A disconnection not yet acted on: a move (removed and inserted again in the same task) cancels it. */
    #pendingTeardown: ReturnType<typeof setTimeout> | undefined;
    /** Start-up failed (start-up-failed.ts): the element shows its own content and does nothing more. */
    #failed = false;

    constructor() {
      super();
      try {
        // Created by script (createElement, attributes, append), it would otherwise render, and tell
        // the page its first step, before anyone listening on the document could hear it.
        renderOnlyOnceConnected(this);
        adoptStyles(this.shadowRoot!);
      } catch (error) {
        this.#fail(error);
      }
    }

    #fail(error: unknown): void {
      this.#failed = true;
      startUpFailed(error, this);
    }

    override connectedCallback(): void {
      if (this.#failed) return;
      // A move: the flow is still mounted (timers, a post in flight, a call): keep it as it is.
      clearTimeout(this.#pendingTeardown);
      this.#pendingTeardown = undefined;
      try {
        // r2wc skips empty values, so a bare boolean attribute (`voice-avoid-eval`) would be lost.
        for (const attribute of WIDGET_ATTRIBUTES) writeProp(this, toPropName(attribute), this.getAttribute(attribute) ?? undefined);
        // Mounts the flow, or after a move only re-renders it with the same props.
        super.connectedCallback();
      } catch (error) {
        this.#fail(error);
        return;
      }
      // What happened while a page moved it (an answer that arrived meanwhile), told now.
      releaseHeldEvents(this);
    }

    // r2wc unmounts at once, so a page that moves the element (remove + append, or into another
    // parent) would reset the flow and abort its requests. The teardown waits for the next task
    // instead: still disconnected then, it was a real removal, and the unmount ends timers,
    // requests and the call as before.
    override disconnectedCallback(): void {
      if (this.#failed || this.#pendingTeardown !== undefined) return;
      this.#pendingTeardown = setTimeout(() => {
        this.#pendingTeardown = undefined;
        if (this.isConnected) return;
        super.disconnectedCallback();
        dropHeldEvents(this); // a flow that has ended has nothing more to tell
      }, 0);
    }

    // Replaces r2wc's, which ignores removals (the prop kept its old value) and empty values.
    attributeChangedCallback(attribute: WidgetAttribute, _old: string | null, value: string | null): void {
      if (this.#failed) return;
      writeProp(this, toPropName(attribute), value ?? undefined);
      render(this);
    }
  };
}
