import type { ReactNode } from 'react';
import { normalizeHex } from './brand-color.ts';
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
 * A field's frame: its plain label, the attribute or property it sets (in code style, beside the
 * label, for developers), the widget's description of it and the error beside it. The error's
 * element is always there (empty when all is well), so screen readers hear it appear.
 */
export function Field({
  id,
  label,
  name,
  description,
  error,
  control,
  flag = false,
}: {
  id: string;
  label: string;
  name?: string;
  description: string;
  error: string | undefined;
  control: ReactNode;
  flag?: boolean;
}) {
  return (
    <div className={`field${flag ? ' flag' : ''}${error ? ' invalid' : ''}`}>
      {flag && control}
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {name && <code id={`${id}-name`}>{name}</code>}
      </span>
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

/** The name in code style, the hint and the error: what a screen reader hears after the label. */
export const describedBy = (id: string, withName = true): string => `${withName ? `${id}-name ` : ''}${id}-hint ${id}-error`;

export function AttributeInput({ field, value, error, onChange }: FieldProps & { field: AttributeField }) {
  const common = { id: idFor(field.name), 'aria-describedby': describedBy(idFor(field.name)), 'aria-invalid': error ? true : undefined };
  if (field.kind === 'flag') {
    const control = <input type="checkbox" {...common} checked={value === 'true'} onChange={(event) => onChange(event.target.checked ? 'true' : '')} />;
    return <Field id={idFor(field.name)} label={field.label} name={field.name} description={field.description} error={error} control={control} flag />;
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
  return <Field id={idFor(field.name)} label={field.label} name={field.name} description={field.description} error={error} control={control} />;
}

/** A `--fad-*` property: text (empty = the widget's default), plus a color picker for colors. */
export function StyleInput({ field, value, error, onChange }: FieldProps & { field: StyleField }) {
  const id = idFor(field.name);
  const text = (
    <input
      type="text"
      id={id}
      aria-describedby={describedBy(idFor(field.name))}
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
        aria-label={`${field.label}: picker`}
        value={normalizeHex(value) ?? normalizeHex(field.default) ?? '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
      {text}
    </span>
  ) : (
    text
  );
  return (
    <Field
      id={idFor(field.name)}
      label={field.label}
      name={field.name}
      description={`${field.description} Default: ${field.default}`}
      error={error}
      control={control}
    />
  );
}
