import { hydrate, render } from 'preact';
import type { FlowConfig, FlowRenderer, FlowStart, FormSeed, HostPort } from '../first-render/element/renderer.ts';
import { ENGLISH, TextsContext, type Texts } from '../copy/copy-context.ts';
import { FranchiseAiDemo, type FlowControls } from './franchise-ai-demo.tsx';

/** What the Preact flow is started with: the element's flow, where it reports, and what the first-render form held. */
export interface WidgetMount extends FlowStart {
  port: HostPort;
  /** The first-render form to hydrate: its nodes (focus, caret, typed text) stay. */
  seed?: FormSeed | undefined;
  /** The widget's language and its texts; English unless given. */
  texts?: Texts | undefined;
}

/** Preact renders the flow into `container` in the element's shadow root, and re-renders it on each configuration the element parses. */
export function mountWidget(container: HTMLElement, { port, seed, texts = ENGLISH, ...start }: WidgetMount): FlowRenderer {
  const host = (container.getRootNode() as ShadowRoot).host as HTMLElement;
  const controls: FlowControls = {};
  const app = (config: FlowConfig) => (
    <TextsContext.Provider value={texts}>
      <FranchiseAiDemo start={{ ...start, config }} host={host} port={port} seed={seed} controls={controls} />
    </TextsContext.Provider>
  );
  (seed ? hydrate : render)(app(start.config), container);
  return {
    update: (config) => render(app(config), container),
    moveToggle: (businessType) => controls.moveToggle?.(businessType),
    unmount: () => render(null, container),
  };
}
