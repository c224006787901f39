// Build time only (build/form-shell-plugin.ts runs it in node): the shell's markup, rendered from
// the real components in their first state, so the form the shell draws is the one Preact then
// hydrates, node for node. Nothing here ships.
import type { ComponentChild } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { CHANGING_TEXTS } from '../../first-render/form-rules/form-texts.ts';
import { LAUNCHER_TEXTS } from '../../first-render/shell/launcher.ts';
import { FormStep } from './form-step.tsx';
import { ConfigMessage, FlowFrame } from '../franchise-ai-demo.tsx';
import { initialFlowState, type FlowState } from '../../flow/reducer.ts';
import type { FlowCore } from '../../flow/use-demo-flow.ts';
import { TextsContext, type Texts } from '../../copy/copy-context.ts';
import { findByClass, fromHtml } from '../../first-render/shell/from-html.ts';
import type { ShellDescription } from '../../first-render/shell/markup.ts';

/** The shell in `texts`' language (English, or a translation's: src/copy/french.ts has the French one). */
export function describeShell(texts: Texts): ShellDescription {
  const { copy } = texts;
  const rendered = (node: ComponentChild) => fromHtml(renderToString(<TextsContext.Provider value={texts}>{node}</TextsContext.Provider>));
  /** The form step as FormStep renders it for `state` (a core whose handlers do nothing: the markup is all that is read). */
  const formIn = (state: FlowState) => rendered(<FlowFrame>{<FormStep flow={{ state, dispatch() {}, submit() {} } as unknown as FlowCore} />}</FlowFrame>);

  const initial = initialFlowState();
  const failed = formIn({ ...initial, submitFailed: true });
  const submitErrorAlert = findByClass(failed, 'form-alert');
  if (!submitErrorAlert) throw new Error('describeShell: FormStep shows no .form-alert after a failed submit');
  return {
    form: formIn(initial),
    configMessage: rendered(<ConfigMessage />),
    submitErrorAlert,
    // A flow the tab kept whose steps could not be loaded: said in the flow's frame, instead of an empty box.
    loadFailedMessage: rendered(
      <FlowFrame>
        <p class="notice config-error" role="alert">
          {copy.loadFailed}
        </p>
      </FlowFrame>,
    ),
    copy: Object.fromEntries([...CHANGING_TEXTS, ...LAUNCHER_TEXTS].map((key) => [key, copy[key]])) as ShellDescription['copy'],
  };
}
