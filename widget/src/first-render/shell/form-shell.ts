import type { BusinessType } from '@franchise-ai/shared/constants';
import type { FlowRenderer, FormSeed } from '../element/renderer.ts';
import type { DemoFormState } from '../form-rules/validation.ts';
import { draw } from './draw.ts';
import { formView } from './form-view.ts';
import type { ShellDescription } from './markup.ts';

// FormStep's markup kept working the way the visitor sees it (typing, the type's labels, Submit and
// its hint, a submit waiting for the chunk, its failure) until Preact hydrates these very nodes from
// what they hold (`seed`). Unmounting only removes its listeners: Preact takes over the nodes.

export interface FormShell extends FlowRenderer {
  /** The chunk the submit waits for could not arrive: the form as typed, with the failed submit's alert. */
  submitFailed(): void;
  /** What the form holds, for Preact to go on from. */
  seed(): FormSeed;
}

/**
 * Draws the form of `shell` (the widget's language's: English, or the French chunk's) into `frame`'s
 * place (the caller appends `frame`). `warm`: the visitor reached into the form; `submit`: a submit
 * the form allows, now shown as being sent.
 */
export function drawFormShell(shell: ShellDescription, businessType: BusinessType, on: { warm(): void; submit(): void }): { frame: Element; form: FormShell } {
  const frame = draw(shell.form[0]!) as Element;
  const form = frame.querySelector('form')!;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  const company = field('company');
  const companyLabel = frame.querySelector(`label[for="${company.id}"]`)!;
  const button = form.querySelector('button[type=submit]') as HTMLButtonElement;
  // FormStep's first state has a hint, so Submit names it.
  const hint = frame.querySelector(`#${button.getAttribute('aria-describedby')}`)!;
  const hintId = hint.id;
  let sending = false;
  let alert: Element | null = null;

  const typed = (): DemoFormState => ({
    name: field('name').value,
    company: company.value,
    email: field('email').value,
    website: field('website').value,
    businessType: (radios.find((radio) => radio.checked)?.value ?? businessType) as BusinessType,
  });
  const choose = (type: BusinessType) => {
    for (const radio of radios) radio.checked = radio.value === type;
  };

  // What FormStep would render for this state, written to the nodes that change.
  const redraw = () => {
    const view = formView(shell.copy, typed(), sending);
    companyLabel.textContent = view.companyLabel;
    company.placeholder = view.companyPlaceholder;
    button.disabled = view.submitDisabled;
    button.textContent = view.submitText;
    if (view.hint) button.setAttribute('aria-describedby', hintId);
    else button.removeAttribute('aria-describedby');
    hint.textContent = view.hint ?? '';
    form.setAttribute('aria-busy', String(sending));
    for (const control of [form.querySelector('fieldset')!, ...form.querySelectorAll('input:not([type=radio])')] as HTMLInputElement[])
      control.disabled = sending;
  };

  const listening = new AbortController();
  const options = { signal: listening.signal };
  form.addEventListener('input', redraw, options);
  form.addEventListener('change', redraw, options);
  form.addEventListener('focusin', on.warm, options);
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (sending || formView(shell.copy, typed(), false).submitDisabled) return;
      sending = true;
      alert?.remove();
      alert = null;
      redraw();
      on.submit();
    },
    options,
  );
  choose(businessType);
  redraw();

  return {
    frame,
    form: {
      update() {},
      moveToggle(type) {
        if (sending) return;
        businessType = type;
        choose(type);
        redraw();
      },
      submitFailed() {
        sending = false;
        alert = draw(shell.submitErrorAlert) as Element;
        button.before(alert);
        redraw();
      },
      seed: () => ({ form: typed(), sending, submitFailed: alert !== null }),
      unmount: () => listening.abort(),
    },
  };
}
