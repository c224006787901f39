import type { ComponentChildren, Ref } from 'preact';

interface FieldProps {
  id: string;
  /** The control's name; by default the id without its `fad-` prefix (the webhooks' field name). */
  name?: string;
  label: string;
  value: string;
  onInput: (event: Event) => void;
  placeholder: string;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'url';
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Why the last submit refused this field (ours or the host's), shown beside it. */
  error?: string | undefined;
  /** A line under the field that follows what is typed, read out politely; null while it has nothing to say. */
  hint?: ComponentChildren;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input of the form or the phone dialog, with its reason or its hint below it. */
export function Field({ id, name = id.slice(4), label, type = 'text', required = false, error, hint, inputRef, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {/* The website stays type=text (inputMode url): type=url would refuse "www.example.com", which we normalise instead. */}
      <input
        ref={inputRef ?? null}
        id={id}
        name={name}
        type={type}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? errorId : hint !== undefined ? hintId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
      {/* Present from the start, even empty: a live region announces only changes to one already there. */}
      {hint !== undefined && (
        <p id={hintId} class="hint" aria-live="polite">
          {hint}
        </p>
      )}
    </div>
  );
}
