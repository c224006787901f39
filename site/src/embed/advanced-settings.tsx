import { AttributeInput, StyleInput } from './choice-fields.tsx';
import type { EmbedChoice } from './embed-choice.ts';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS } from './widget-facts.ts';

/** The starting side is in the quick setup; every other attribute is here. */
export const ADVANCED_ATTRIBUTES = ATTRIBUTE_FIELDS.filter((field) => field.name !== 'business-type');
/** The fields this section holds, by name: a problem with one of them opens it. */
export const ADVANCED_NAMES: ReadonlySet<string> = new Set([...ADVANCED_ATTRIBUTES.map((field) => field.name), ...STYLE_FIELDS.map((field) => field.name)]);

interface AdvancedProps {
  choice: EmbedChoice;
  problems: Record<string, string>;
  open: boolean;
  onToggle: (open: boolean) => void;
  setAttribute: (name: string, value: string) => void;
  setStyle: (name: string, value: string) => void;
}

/**
 * Every other attribute and `--fad-*` property, each with its plain label and its name in code
 * style: for developers, closed unless the link set one of them or one of them is flagged.
 */
export function AdvancedSettings({ choice, problems, open, onToggle, setAttribute, setStyle }: AdvancedProps) {
  return (
    <details className="advanced" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>Advanced (developers)</summary>
      <fieldset>
        <legend>Where it sends and what it links to</legend>
        {ADVANCED_ATTRIBUTES.map((field) => (
          <AttributeInput
            key={field.name}
            field={field}
            value={choice.attributes[field.name]}
            error={problems[field.name]}
            onChange={(value) => setAttribute(field.name, value)}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend>Colours and shape</legend>
        {STYLE_FIELDS.map((field) => (
          <StyleInput
            key={field.name}
            field={field}
            value={choice.styles[field.name] ?? ''}
            error={problems[field.name]}
            onChange={(value) => setStyle(field.name, value)}
          />
        ))}
      </fieldset>
    </details>
  );
}
