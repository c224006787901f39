import type { ReactNode } from 'react';
import type { AttributeField, StyleField } from './widget-facts.ts';

interface FieldProps {
  value: string;
  /** The widget's (or CSS's) objection to the value, shown beside the field and announced. */
  error: string | undefined;
  onChange: (value: string) => void;
}

/** `--fad-color-primary` → `embed---fad-color-primary`: ids from the names the widget publishes. */
const idFor = (name: string): string => `embed-${name}`;

/**
 * A field's frame: its label, its control, the widget's description of it and the error beside it.
 * The error's element is always there (empty when all is well), so screen readers hear it appear.
 */
function Field({ name, description, error, control, flag = false }: { name: string; description: string; error: string | undefined; control: ReactNode; flag?: boolean }) {
  const id = idFor(name);
  return (
    <div className={`field${flag ? ' flag' : ''}${error ? ' invalid' : ''}`}>
      {flag && control}
      <label htmlFor={id}>
        <code>{name}</code>
      </label>
      {!flag && control}
      <p id={`${id}-hint`} className="field-hint">
        {description}
      </p>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

const describedBy = (name: string): string => `${idFor(name)}-hint ${idFor(name)}-error`;

export function AttributeInput({ field, value, error, onChange }: FieldProps & { field: AttributeField }) {
  const common = { id: idFor(field.name), 'aria-describedby': describedBy(field.name), 'aria-invalid': error ? true : undefined };
  if (field.kind === 'flag') {
    const control = <input type="checkbox" {...common} checked={value === 'true'} onChange={(event) => onChange(event.target.checked ? 'true' : '')} />;
    return <Field name={field.name} description={field.description} error={error} control={control} flag />;
  }
  const control =
    field.kind === 'choice' ? (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option || '(not set)'}
          </option>
        ))}
      </select>
    ) : (
      <input type="text" {...common} value={value} onChange={(event) => onChange(event.target.value)} autoComplete="off" spellCheck={false} />
    );
  return <Field name={field.name} description={field.description} error={error} control={control} />;
}

/** `#abc` → `#aabbcc`: the only form a colour input takes. */
const sixDigits = (color: string): string | undefined => {
  const match = /^#(?:([0-9a-f]{6})|([0-9a-f])([0-9a-f])([0-9a-f]))$/i.exec(color.trim());
  if (!match) return undefined;
  return (match[1] ? `#${match[1]}` : `#${match[2]}${match[2]}${match[3]}${match[3]}${match[4]}${match[4]}`).toLowerCase();
};

/** A `--fad-*` property: text (empty = the widget's default), plus a colour picker for colours. */
export function StyleInput({ field, value, error, onChange }: FieldProps & { field: StyleField }) {
  const id = idFor(field.name);
  const text = (
    <input
      type="text"
      id={id}
      aria-describedby={describedBy(field.name)}
      aria-invalid={error ? true : undefined}
      value={value}
      placeholder={field.default}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      spellCheck={false}
    />
  );
  const control = field.color ? (
    <span className="color-pair">
      <input
        type="color"
        aria-label={`${field.name} picker`}
        value={sixDigits(value) ?? sixDigits(field.default) ?? '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
      {text}
    </span>
  ) : (
    text
  );
  return <Field name={field.name} description={`${field.description} Default: ${field.default}`} error={error} control={control} />;
}
