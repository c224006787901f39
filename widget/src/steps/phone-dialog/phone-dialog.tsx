import { parseUrl } from '@franchise-ai/shared/web-url';
import {
  checkPhoneNumber,
  defaultPhoneCountry,
  languageRegions,
  phoneHint,
  scheduleState,
  takeSuggestion,
  type PhoneHint,
  type ScheduleState,
} from '../../phone/phone-check.ts';
import { shownConsent } from '../../flow/call-disclosure.ts';
import { fillCopy, type CopyKey } from '../../copy/copy.ts';
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { countryName, countryOptions } from '../../phone/country-options.ts';
import { pageLanguages } from '../../phone/page-languages.ts';
import { usePhoneRules } from '../../phone/use-phone-rules.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { Field } from '../form/field.tsx';
import { useTexts } from '../../copy/copy-context.ts';
import { REASON_WORDS, refusalWords } from '../../webhooks/refusal-words.ts';

/** The phone dialog's own controls, named as the call request names them (a host's 400 `fields` find theirs). */
const DIALOG_FIELDS = ['phoneNumber', 'consent'] as const;

const SCHEDULE_HINTS: Record<ScheduleState, CopyKey | null> = {
  ready: null,
  sending: null,
  'missing-number': 'scheduleNeedsNumber',
  'missing-consent': 'scheduleNeedsConsent',
  'missing-both': 'scheduleNeedsBoth',
};

/**
 * A native modal <dialog> (focus in, Tab cycles, Esc closes, the page inert; focus back to its opener
 * on close). What is sent is the number's E.164 form with the consent words agreed to; a refusal
 * shows beside its control or in the dialog's alert.
 */
export function PhoneDialog({ flow, host }: { flow: DemoFlow; host: HTMLElement }) {
  const { copy, language } = useTexts();
  const { phoneDialogOpen, phoneNumber, phoneCountry, phoneConsent, phoneSending, phoneErrors, phoneAlert, phoneRefusals, callTerms } = flow.state;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const numberInput = useRef<HTMLInputElement | null>(null);
  const consentBox = useRef<HTMLInputElement>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  // Mounted from the congratulations step on, so the rules' chunk is warm before the dialog opens.
  const rules = usePhoneRules();
  const loaded = typeof rules === 'object' ? rules : null;

  const languages = pageLanguages(host, language);
  const supported = useMemo(() => (loaded ? new Set(loaded.countries.map(({ code }) => code)) : null), [loaded]);
  const isSupported = (code: string) => supported?.has(code) ?? true;
  const country = phoneCountry ?? defaultPhoneCountry(languages, isSupported);
  const options = useMemo(() => (loaded ? countryOptions(loaded.countries, copy, language) : null), [loaded, copy, language]);
  const check = checkPhoneNumber(phoneNumber, country, rules, { served: callTerms.countries, regions: languageRegions(languages, isSupported) });
  const hint = phoneHint(check, rules);
  const schedule = scheduleState(check, phoneConsent, phoneSending);
  const scheduleHint = SCHEDULE_HINTS[schedule];

  // Absolute, as the link resolves it from the page: the consent's proof names where the policy was.
  const pagePrivacyHref = flow.config.privacyUrl ? (parseUrl(flow.config.privacyUrl, host.ownerDocument.baseURI)?.href ?? null) : null;
  // The host's words when it issued them (the one text it accepts), else the widget's own.
  const consent = shownConsent(copy, callTerms, flow.config.companyName, pagePrivacyHref);
  const otherReasons = Object.entries(phoneErrors).filter(([field]) => !(DIALOG_FIELDS as readonly string[]).includes(field));

  // After every render, not only when phoneDialogOpen changes: element.ts re-renders after a move.
  // Before paint, so no frame shows the next step under a dialog still open.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (phoneDialogOpen && !element.open) {
      opener.current = (element.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
      element.showModal();
      // Opened already waiting ('Try Again' sends at once): the keyboard on 'Scheduling...', as after a submit.
      if (flow.stateRef.current.phoneSending) scheduleButton.current?.focus();
    } else if (phoneDialogOpen && !element.matches(':modal')) {
      // A move took the dialog out of the top layer, open but not modal: modal again (the queued close is ignored below).
      element.close();
      element.showModal();
    } else if (!phoneDialogOpen && element.open) {
      element.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  });

  // Sending disables the controls, so the keyboard waits on 'Scheduling...'; layout effects move focus before paint.
  useLayoutEffect(() => {
    if (phoneSending) scheduleButton.current?.focus();
  }, [phoneSending]);
  // Each refusal takes the keyboard to the first control to fix; one of no control leaves it, and the alert is read.
  useLayoutEffect(() => {
    if (phoneRefusals === 0) return;
    if (phoneErrors['phoneNumber']) numberInput.current?.focus();
    else if (phoneErrors['consent']) consentBox.current?.focus();
  }, [phoneRefusals]);

  const close = () => (flow.stateRef.current.phoneSending ? flow.cancelPhoneCall() : flow.dispatch({ type: 'phone-dialog-closed' }));
  const takeIt = () => {
    if (check.state !== 'elsewhere' || !loaded) return;
    const taken = takeSuggestion(phoneNumber, check.suggestion, loaded);
    flow.dispatch(
      taken.change === 'country' ? { type: 'phone-country-changed', country: taken.country } : { type: 'phone-number-changed', value: taken.value },
    );
    // The suggestion's button goes with it.
    numberInput.current?.focus();
  };
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
      onClose={() => {
        const element = dialog.current;
        if (!element || element.open) return;
        // A second Esc cannot be cancelled: keep the state in step, or reopen it while the host answers.
        close();
        if (flow.stateRef.current.phoneDialogOpen) element.showModal();
      }}
      onKeyDown={(event) => trapTab(event, dialog.current)}
    >
      <form
        method="dialog"
        aria-busy={phoneSending}
        onSubmit={(event) => {
          event.preventDefault();
          if (schedule === 'ready' && check.state === 'valid') flow.schedulePhoneCall(check.line.e164, consent.text);
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
            disabled={!options || phoneSending}
            onChange={(event) => flow.dispatch({ type: 'phone-country-changed', country: event.currentTarget.value })}
          >
            {options ? (
              options.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))
            ) : (
              <option value={country}>{countryName(country, language)}</option>
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
          error={phoneErrors['phoneNumber']}
          hint={<PhoneHintLine hint={hint} onTake={takeIt} />}
          inputRef={numberInput}
          disabled={phoneSending}
          onInput={(event) => flow.dispatch({ type: 'phone-number-changed', value: (event.currentTarget as HTMLInputElement).value })}
          autoFocus
        />
        <div class="consent">
          <p id="fad-consent-text" class="consent-text">
            {consent.disclosure}
            {consent.privacyHref && (
              <>
                {' '}
                {/* A new tab: following it here would end the demo half way. */}
                <a href={consent.privacyHref} target="_blank" rel="noopener noreferrer">
                  {consent.privacyLabel}
                </a>
              </>
            )}
          </p>
          <div class="check">
            <input
              ref={consentBox}
              id="fad-consent"
              name="consent"
              type="checkbox"
              checked={phoneConsent}
              disabled={phoneSending}
              aria-invalid={phoneErrors['consent'] ? 'true' : undefined}
              aria-describedby={phoneErrors['consent'] ? 'fad-consent-error fad-consent-text' : 'fad-consent-text'}
              onChange={(event) => flow.dispatch({ type: 'phone-consent-changed', given: event.currentTarget.checked })}
            />
            <label for="fad-consent">{consent.label}</label>
          </div>
          {phoneErrors['consent'] && (
            <p id="fad-consent-error" class="field-error">
              {phoneErrors['consent']}
            </p>
          )}
        </div>
        {(phoneAlert || otherReasons.length > 0) && (
          // Keyed by the refusal, so a second refusal with the same words is announced again.
          <div key={phoneRefusals} class="error form-alert" role="alert">
            {phoneAlert && <p>{phoneAlert}</p>}
            {otherReasons.length > 0 && (
              <ul>
                {otherReasons.map(([field, reason]) => (
                  <li key={field}>{reason}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {/* Present from the start, even empty, and one line high: a live region announces only changes to one already there. */}
        <p id="fad-schedule-hint" class="hint" aria-live="polite">
          {scheduleHint && copy[scheduleHint]}
        </p>
        {/* The main action first, for the eye (first in the row, on top when stacked) and the keyboard alike. */}
        <div class="actions">
          <button
            ref={scheduleButton}
            type="submit"
            class="primary"
            disabled={schedule !== 'ready' && schedule !== 'sending'}
            aria-disabled={phoneSending ? 'true' : undefined}
            aria-describedby={scheduleHint ? 'fad-schedule-hint' : undefined}
          >
            {phoneSending ? copy.scheduling : copy.scheduleCall}
          </button>
          <button type="button" class="secondary" onClick={close}>
            {copy.phoneCancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function PhoneHintLine({ hint, onTake }: { hint: PhoneHint; onTake: () => void }) {
  const texts = useTexts();
  const { copy } = texts;
  switch (hint.kind) {
    case 'none':
      return null;
    case 'text':
      return <>{copy[hint.key]}</>;
    case 'problem':
      return <span class="hint-problem">{refusalWords(texts, REASON_WORDS, { code: hint.code, hostWords: hint.text }, 'refusedGeneric')}</span>;
    case 'will-call':
      return <>{fillCopy(copy.phoneWillCall, { number: hint.number })}</>;
    case 'did-you-mean':
      return (
        <button type="button" class="suggestion" onClick={onTake}>
          {fillCopy(copy.phoneDidYouMean, { number: hint.number })}
        </button>
      );
  }
}

/** A modal dialog lets Tab leave for the browser's own UI; keep it cycling inside instead. */
function trapTab(event: KeyboardEvent, dialog: HTMLDialogElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>('select:not([disabled]), input:not([disabled]), a[href], button:not([disabled])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = (dialog.getRootNode() as ShadowRoot).activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}
