/** How the widget sits in the page: in its place (`inline`), or behind a button in a corner that opens it (`launcher`). */
export const VARIANTS = ['inline', 'launcher'] as const;
export type Variant = (typeof VARIANTS)[number];

/** The launcher's corner. */
export const POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export type Position = (typeof POSITIONS)[number];

export interface Layout {
  variant: Variant;
  position: Position;
}

/** One of `choices` (trimmed, any case); anything else is the first, with a warning. Also business-type's (attribute-rules.ts). */
export function parseChoice<Choice extends string>(
  name: string,
  value: string | null | undefined,
  choices: readonly [Choice, ...Choice[]],
  warn: (message: string) => void,
): Choice {
  const trimmed = value?.trim().toLowerCase();
  if (!trimmed) return choices[0];
  if ((choices as readonly string[]).includes(trimmed)) return trimmed as Choice;
  warn(`${name} "${value}" is not one of ${choices.join(', ')}; using ${choices[0]}.`);
  return choices[0];
}
