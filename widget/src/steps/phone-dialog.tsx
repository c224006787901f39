import { checkPhoneNumber, defaultPhoneCountry, phoneHint } from '../phone/phone-check.ts';
import { copy } from '../copy.ts';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { countryName, countryOptions } from '../phone/country-options.ts';
import { pageLanguages } from '../phone/page-languages.ts';
import { usePhoneRules } from '../phone/use-phone-rules.ts';
import type { DemoFlow } from '../use-demo-flow.ts';
import { Field } from './field.tsx';

/**
 * A native modal <dialog>: focus moves in, Tab cycles inside it, Esc closes it,
 * and the page behind is inert. On close, focus goes back to the button that opened it.
 *
 * The number is read as people type it: national for the country in the select (the page's
 * language picks it; the visitor can change it), or international with `+`. Schedule Call waits
 * for a possible number, and what is sent is its E.164 form.
 */
export function PhoneDialog({ flow, host }: { flow: DemoFlow; host: HTMLElement }) {
  const { phoneDialogOpen, phoneNumber, phoneCountry } = flow.state;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Mounted from the congratulations step on, so the rules' chunk is warm before the dialog opens.
  const rules = usePhoneRules();
  const loaded = typeof rules === 'object' ? rules : null;

  const pageCountry = useMemo(() => {
    const supported = loaded ? new Set(loaded.countries.map(({ code }) => code)) : null;
    return defaultPhoneCountry(pageLanguages(host), (code) => supported?.has(code) ?? true);
  }, [loaded]);
  const country = phoneCountry ?? pageCountry;
  const options = useMemo(() => (loaded ? countryOptions(loaded.countries) : null), [loaded]);
  const check = checkPhoneNumber(phoneNumber, country, rules);
  const hint = phoneHint(check.state, rules);

  // After every render, not only when phoneDialogOpen changes: element.ts re-renders after a move.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (phoneDialogOpen && !element.open) {
      opener.current = (element.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
      element.showModal();
    } else if (phoneDialogOpen && !element.matches(':modal')) {
      // The page moved the element (the flow is kept, see element.ts): leaving the document took
      // the dialog out of the top layer, open but no longer modal. Show it modal again; the close
      // event this queues finds it open and is ignored below.
      element.close();
      element.showModal();
    } else if (!phoneDialogOpen && element.open) {
      element.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  });

  const close = () => flow.dispatch({ type: 'phone-dialog-closed' });
  return (
    <dialog
      ref={dialog}
      class="dialog"
      part="dialog"
      aria-labelledby="fad-dialog-title"
      aria-describedby="fad-dialog-text"
      onCancel={(event) => {
        event.preventDefault(); // Esc: close through the state, like Cancel
        close();
      }}
      // The browser may still close it itself (a second Esc cannot be cancelled): keep the state in step.
      onClose={() => dialog.current?.open || close()}
      onKeyDown={(event) => trapTab(event, dialog.current)}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (check.e164) flow.schedulePhoneCall(check.e164);
        }}
      >
        <h2 id="fad-dialog-title">{copy.phoneDialogTitle}</h2>
        <p id="fad-dialog-text">{copy.phoneDialogText}</p>
        <div class="field">
          <label for="fad-phone-country">{copy.phoneCountryLabel}</label>
          <select
            id="fad-phone-country"
            name="phoneCountry"
            autoComplete="tel-country-code"
            value={country}
            // Until the rules are there, the one country the number will be read for.
            disabled={!options}
            onChange={(event) => flow.dispatch({ type: 'phone-country-changed', country: event.currentTarget.value })}
          >
            {options ? (
              options.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))
            ) : (
              <option value={country}>{countryName(country)}</option>
            )}
          </select>
        </div>
        <Field
          id="fad-phone"
          name="phoneNumber"
          type="tel"
          label={copy.phoneLabel}
          autoComplete="tel"
          placeholder={copy.phonePlaceholder}
          value={phoneNumber}
          hint={hint ? copy[hint] : null}
          onInput={(event) => flow.dispatch({ type: 'phone-number-changed', value: (event.currentTarget as HTMLInputElement).value })}
          autoFocus
        />
        {/* The main action first, for the eye (first in the row, on top when stacked) and the keyboard alike. */}
        <div class="actions">
          <button type="submit" class="primary" disabled={check.state !== 'possible'}>
            {copy.scheduleCall}
          </button>
          <button type="button" class="secondary" onClick={close}>
            {copy.phoneCancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A modal dialog lets Tab leave for the browser's own UI; keep it cycling inside instead. */
function trapTab(event: KeyboardEvent, dialog: HTMLDialogElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>('select:not([disabled]), input:not([disabled]), button:not([disabled])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = (dialog.getRootNode() as ShadowRoot).activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}
