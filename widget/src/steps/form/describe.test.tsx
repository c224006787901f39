import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES } from '@franchise-ai/shared/constants';
import { firstCopy } from '../../copy/form-copy.ts';
import { FormStep } from './form-step.tsx';
import { initialFlowState, type FlowState } from '../../flow/reducer.ts';
import type { FlowCore } from '../../flow/use-demo-flow.ts';
import { describeShell } from './describe.tsx';
import { formView } from '../../first-render/shell/form-view.ts';
import { fromHtml } from '../../first-render/shell/from-html.ts';
import type { MarkupElement, MarkupNode } from '../../first-render/shell/markup.ts';
import { ENGLISH, TextsContext } from '../../copy/copy-context.ts';
import { frenchCopy as french } from '../../copy/french-copy.ts';

// The shell (src/first-render/shell/) draws FormStep's first state from describeShell() and then changes only a
// few nodes itself (form-view.ts decides what they show). Both are checked here against FormStep.

const shell = describeShell(ENGLISH);
const rendered = (state: FlowState) => fromHtml(renderToString(<FormStep flow={{ state, dispatch() {}, submit() {} } as unknown as FlowCore} />));

/** The first element, depth first, that `test` accepts. */
function find(nodes: readonly MarkupNode[], test: (element: MarkupElement) => boolean): MarkupElement | null {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (test(node)) return node;
    const found = find(node.slice(2) as MarkupNode[], test);
    if (found) return found;
  }
  return null;
}
const text = (element: MarkupElement | null) => (element ?? []).slice(2).join('');

describe('describeShell: the markup the first render draws', () => {
  it('is FormStep in its first state, in the flow frame', () => {
    const [frame] = shell.form as [MarkupElement];
    expect(frame.slice(0, 2)).toEqual(['div', { class: 'root', part: 'root' }]);
    expect(frame.slice(2)).toEqual(rendered(initialFlowState()));
    expect(text(find(shell.form, ([tag]) => tag === 'h2'))).toBe(firstCopy.formHeading);
  });
  it('in French, is FormStep in French, node for node, with the French texts that change', () => {
    const texts = { language: 'fr', copy: french } as const;
    const frenchShell = describeShell(texts);
    const inFrench = fromHtml(
      renderToString(
        <TextsContext.Provider value={texts}>
          <FormStep flow={{ state: initialFlowState(), dispatch() {}, submit() {} } as unknown as FlowCore} />
        </TextsContext.Provider>,
      ),
    );
    expect((frenchShell.form[0] as MarkupElement).slice(2)).toEqual(inFrench);
    expect(text(find(frenchShell.form, ([tag]) => tag === 'h2'))).toBe(french.formHeading);
    expect(frenchShell.copy.submit).toBe(french.submit);
    expect(JSON.stringify(frenchShell)).not.toContain(firstCopy.formHeading);
  });
  it('has the configuration message, the failed submit alert and the restored flow failure, with their texts', () => {
    expect(text(find(shell.configMessage, ([, attributes]) => attributes['role'] === 'alert'))).toBe(firstCopy.configMissingWebhookBase);
    expect(text(find([shell.submitErrorAlert], ([tag]) => tag === 'p'))).toBe(firstCopy.submitError);
    expect(shell.submitErrorAlert[1]).toMatchObject({ role: 'alert' });
    expect(text(find(shell.loadFailedMessage, ([, attributes]) => attributes['role'] === 'alert'))).toBe(firstCopy.loadFailed);
  });
});

describe("formView: the shell's changing nodes say what FormStep says", () => {
  const fills = [
    { name: '', company: '', email: '' },
    { name: 'Jane', company: '', email: '' },
    { name: 'Jane', company: 'Acme', email: '' },
    { name: 'Jane', company: 'Acme', email: ' ' },
    { name: 'Jane', company: 'Acme', email: 'jane@acme.test' },
  ];
  const states = BUSINESS_TYPES.flatMap((businessType) =>
    fills.flatMap((fill) => [false, true].map((sending) => ({ ...initialFlowState(), sending, form: { ...initialFlowState().form, ...fill, businessType } }))),
  );
  // The hint Submit names in the first state (form-shell.ts finds it the same way).
  const isSubmit = ([tag, attributes]: MarkupElement) => tag === 'button' && attributes['type'] === 'submit';
  const hintId = find(shell.form, isSubmit)![1]['aria-describedby'];
  it.each(states.map((state) => [JSON.stringify({ ...state.form, sending: state.sending }), state] as const))('%s', (_label, state) => {
    const view = formView(shell.copy, state.form, state.sending);
    const nodes = rendered(state);
    const button = find(nodes, isSubmit)!;
    expect(text(find(nodes, ([tag, attributes]) => tag === 'label' && attributes['for'] === 'fad-company'))).toBe(view.companyLabel);
    expect(find(nodes, ([, attributes]) => attributes['id'] === 'fad-company')![1]['placeholder']).toBe(view.companyPlaceholder);
    expect(text(button)).toBe(view.submitText);
    expect('disabled' in button[1]).toBe(view.submitDisabled);
    expect(button[1]['aria-describedby'] !== undefined).toBe(view.hint !== null);
    expect(text(find(nodes, ([, attributes]) => attributes['id'] === hintId)) || null).toBe(view.hint);
  });
});
