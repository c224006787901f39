import { useEffect, useState } from 'react';
import { buttonColor, normalizeHex } from './brand-color.ts';
import { describedBy, Field } from './choice-fields.tsx';
import type { EmbedChoice } from './embed-choice.ts';
import { type PresetId, presetOf, PRESETS, withBrand } from './presets.ts';

/** The starting side (the widget's business-type), in the words of whom the partner's page speaks to. */
const SIDES = [
  { value: 'franchisor', label: 'Franchise brands', hint: 'Companies that sell franchises.' },
  { value: 'franchisee', label: 'Franchise owners', hint: 'People who run a franchise location.' },
] as const;

const BRAND_ID = 'embed-brand';

interface QuickSetupProps {
  choice: EmbedChoice;
  setStyles: (styles: Record<string, string>) => void;
  /** A look: its colors, and the light theme unless it is Neutral (presets.ts themeForLook). */
  setLook: (look: PresetId) => void;
  setSide: (side: string) => void;
}

/**
 * What most pages need, in plain words: the brand colour (the widget's other colours follow it at
 * readable contrast, brand-color.ts), the side the demo starts on, and a look (presets.ts).
 */
export function QuickSetup({ choice, setStyles, setLook, setSide }: QuickSetupProps) {
  const primary = choice.styles['--fad-color-primary'] ?? '';
  // The field keeps what was typed: a mid-tone the page darkened for its buttons stays as chosen.
  // A change from elsewhere (a look, a link, Advanced) shows the new button colour instead.
  const [brand, setBrand] = useState(primary);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the choice's colour moves the field (see below)
  useEffect(() => {
    const typed = normalizeHex(brand);
    if (!typed || buttonColor(typed) !== primary) setBrand(primary);
    // Only the choice's colour moves the field; the field's own edits are handled in chooseBrand.
  }, [primary]);
  const valid = normalizeHex(brand);
  const error = brand.trim() !== '' && !valid ? `Write the color as # and six digits or letters, e.g. #4f46e5.` : undefined;
  const chooseBrand = (value: string) => {
    setBrand(value);
    const hex = normalizeHex(value);
    if (hex) setStyles(withBrand(choice.styles, hex));
  };
  const preset = presetOf(choice.styles);
  const darkened = valid && primary !== valid && buttonColor(valid) === primary;

  const brandControl = (
    <span className="color-pair">
      <input
        type="color"
        aria-label="Brand color: picker"
        value={valid ?? normalizeHex(primary) ?? '#000000'}
        onChange={(event) => chooseBrand(event.target.value)}
      />
      <input
        type="text"
        id={BRAND_ID}
        aria-describedby={describedBy(BRAND_ID, false)}
        aria-invalid={error ? true : undefined}
        value={brand}
        onChange={(event) => chooseBrand(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </span>
  );

  return (
    <fieldset className="quick-setup">
      <legend>Quick setup</legend>
      <Field
        id={BRAND_ID}
        label="Brand color"
        description={
          darkened
            ? `Buttons use ${primary}, a little darker, so their text stays readable. Cards get a light tint of it.`
            : 'Buttons and the chosen side take this color, cards a light tint of it; text on them stays readable.'
        }
        error={error}
        control={brandControl}
      />
      <fieldset className="choice-group">
        <legend>Who the page is for</legend>
        <p className="field-hint">The demo starts on this side; visitors can still switch.</p>
        {SIDES.map((side) => (
          <label key={side.value} className="choice-option">
            <input
              type="radio"
              name="embed-side"
              value={side.value}
              checked={choice.attributes['business-type'] === side.value}
              onChange={() => setSide(side.value)}
            />
            <span>
              {side.label} <span className="field-hint">{side.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>Look</legend>
        {PRESETS.map((option) => (
          <label key={option.id} className="choice-option">
            {/* A look sets every colour, the brand's included: choose the look first, then the brand colour. */}
            <input type="radio" name="embed-preset" value={option.id} checked={preset?.id === option.id} onChange={() => setLook(option.id)} />
            <span>
              {option.label} <span className="field-hint">{option.hint}</span>
            </span>
          </label>
        ))}
        {!preset && <p className="field-hint">Your own colors, set under Advanced.</p>}
      </fieldset>
    </fieldset>
  );
}
