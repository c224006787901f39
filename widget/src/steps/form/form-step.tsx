import { BUSINESS_TYPES } from '@franchise-ai/shared/constants';
import { fieldError, firstInvalidField, formAlert, otherFieldReasons, type FormField } from '../../flow/reducer.ts';
import { submitState } from '../../first-render/form-rules/validation.ts';
import { companyTexts, SUBMIT_HINTS, submitText } from '../../first-render/form-rules/form-texts.ts';
import { useEffect, useRef } from 'preact/hooks';
import type { FlowCore } from '../../flow/use-demo-flow.ts';
import { CardList } from './card-list.tsx';
import { Field } from './field.tsx';
import { useCopy } from '../../copy/copy-context.ts';

export function FormStep({ flow }: { flow: FlowCore }) {
  const copy = useCopy();
  const { form, sending, refusals } = flow.state;
  const status = submitState(form, sending);
  const alert = formAlert(flow.state);
  const otherReasons = otherFieldReasons(flow.state);
  const hint = SUBMIT_HINTS[status];
  const company = companyTexts(form.businessType);
  const change = (field: FormField) => (event: Event) =>
    flow.dispatch({ type: 'field-changed', field, value: (event.currentTarget as HTMLInputElement).value });
  const error = (field: FormField) => fieldError(flow.state, field);

  // Each refused submit takes the keyboard to the first field to fix, whose reason is then read
  // out with it (aria-describedby); editing a field afterwards moves nothing.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = refusals > 0 ? firstInvalidField(flow.state) : null;
    if (field) (formRef.current?.elements.namedItem(field) as HTMLInputElement | null)?.focus();
  }, [refusals]);

  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.formHeading}
      </h2>
      <p class="lead">{copy.formPromise}</p>
      <form
        ref={formRef}
        class="demo-form"
        part="form"
        onSubmit={(event) => {
          event.preventDefault();
          flow.submit();
        }}
        aria-busy={sending}
      >
        <fieldset class="toggle" disabled={sending}>
          <legend>{copy.businessTypeLegend}</legend>
          {/* The segmented control's track; the radios inside stay one native group. */}
          <div class="segments">
            {BUSINESS_TYPES.map((type) => (
              <label key={type} class="toggle-option">
                <input
                  type="radio"
                  name="businessType"
                  value={type}
                  checked={form.businessType === type}
                  onChange={() => flow.dispatch({ type: 'business-type-changed', businessType: type })}
                />
                <span>{copy[type]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          id="fad-name"
          label={copy.nameLabel}
          value={form.name}
          error={error('name')}
          onInput={change('name')}
          placeholder={copy.namePlaceholder}
          autoComplete="name"
          required
          disabled={sending}
        />
        <Field
          id="fad-company"
          label={copy[company.label]}
          value={form.company}
          error={error('company')}
          onInput={change('company')}
          placeholder={copy[company.placeholder]}
          autoComplete="organization"
          required
          disabled={sending}
        />
        <Field
          id="fad-email"
          type="email"
          label={copy.emailLabel}
          value={form.email}
          error={error('email')}
          onInput={change('email')}
          placeholder={copy.emailPlaceholder}
          autoComplete="email"
          required
          disabled={sending}
        />
        <Field
          id="fad-website"
          inputMode="url"
          label={copy.websiteLabel}
          value={form.website}
          error={error('website')}
          onInput={change('website')}
          placeholder={copy.websitePlaceholder}
          autoComplete="url"
          disabled={sending}
        />
        {alert && (
          // Keyed by the refusal, so a second refusal with the same words is announced again.
          <div key={refusals} class="error form-alert" role="alert">
            <p>{copy[alert]}</p>
            {otherReasons.length > 0 && (
              <ul>
                {otherReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button type="submit" part="submit-button" class="primary" disabled={status !== 'ready'} aria-describedby={hint ? 'fad-submit-hint' : undefined}>
          {copy[submitText(sending)]}
        </button>
        <p id="fad-submit-hint" class="hint" aria-live="polite">
          {hint && copy[hint]}
        </p>
      </form>
      <CardList texts={copy} cards={['benefitSpecific', 'benefitRoi', 'benefitLive']} />
    </section>
  );
}
