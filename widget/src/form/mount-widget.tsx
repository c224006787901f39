import { hydrate, render, type VNode } from 'preact';
import { ParsedConfig, type R2wcProps } from '../element/parsed-config.tsx';
import { ENGLISH, TextsContext, type Texts } from '../i18n/copy-context.ts';
import type { FormSeed } from './use-demo-flow.ts';

// Phase: the later steps' chunk (widget/LIFECYCLE.md, "The two phases, and the map").

/** What the shell's root hands Preact: the root's rendering from now on. */
export interface WidgetMount {
  render(props: R2wcProps): void;
  unmount(): void;
}

/**
 * Preact takes over the element's shadow root: with `seed`, it hydrates the shell's form, whose
 * nodes (focus, caret, typed text) stay; without, it renders into it (a flow the tab kept, or the
 * configuration message). Later renders (r2wc's, on attribute changes) diff as usual. `texts`: the
 * widget's language and its texts (issue 33), English unless given.
 */
export function mountWidget(container: ShadowRoot, props: R2wcProps, warned: Set<string>, seed?: FormSeed, texts: Texts = ENGLISH): WidgetMount {
  const mount = seed ? hydrate : render;
  const inLanguage = (widget: VNode) => <TextsContext.Provider value={texts}>{widget}</TextsContext.Provider>;
  mount(inLanguage(<ParsedConfig {...props} warned={warned} seed={seed} />), container);
  return {
    render: (next) => render(inLanguage(<ParsedConfig {...next} />), container),
    unmount: () => render(null, container),
  };
}
