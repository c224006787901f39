import type { ShellDescription } from './markup.ts';
import { companyTexts, SUBMIT_HINTS, submitText } from '../form-rules/form-texts.ts';
import { submitState, type DemoFormState } from '../form-rules/validation.ts';

/** What the shell's form shows for what is typed and whether it is being sent: FormStep's choices, from the same rules. */
export interface FormView {
  companyLabel: string;
  companyPlaceholder: string;
  /** The hint under Submit, and what Submit is described by; null: none. */
  hint: string | null;
  submitText: string;
  submitDisabled: boolean;
}

export function formView(copy: ShellDescription['copy'], form: DemoFormState, sending: boolean): FormView {
  const status = submitState(form, sending);
  const hint = SUBMIT_HINTS[status];
  const company = companyTexts(form.businessType);
  return {
    companyLabel: copy[company.label],
    companyPlaceholder: copy[company.placeholder],
    hint: hint && copy[hint],
    submitText: copy[submitText(sending)],
    submitDisabled: status !== 'ready',
  };
}
