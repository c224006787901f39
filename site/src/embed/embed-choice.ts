// One sales person's choice on /embed: a value for every attribute of the widget and every
// `--fad-*` property, checked with the widget's own rules, and kept in the page's query string
// so that a link reproduces it.
import { checkAttributes, type WidgetAttribute } from '@franchise-ai/widget/rules';
import { snippetRefusal } from './snippet-escape.ts';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS, type AttributeField } from './widget-facts.ts';

export interface EmbedChoice {
  /** Every attribute's value as typed ('' = absent); a flag is 'true' (present) or '' (absent). */
  attributes: Record<WidgetAttribute, string>;
  /** Every `--fad-*` property's value ('' = the widget's default). */
  styles: Record<string, string>;
}

/** A value the widget (or CSS) would not take, and what it would say. */
export interface Problem {
  name: string;
  message: string;
}

/** The widget's defaults, with the site's own values (its webhook base, its key, its look) where it has them. */
export function defaultChoice(site: Partial<Record<WidgetAttribute, string>> = {}, styles: Readonly<Record<string, string>> = {}): EmbedChoice {
  return {
    attributes: Object.fromEntries(ATTRIBUTE_FIELDS.map((field) => [field.name, site[field.name] ?? field.default])) as Record<WidgetAttribute, string>,
    styles: Object.fromEntries(STYLE_FIELDS.map((field) => [field.name, styles[field.name] ?? field.default])),
  };
}

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// What would end the declaration early or smuggle in another one (quotes are fine: font names need
// them, and every snippet escapes them for its own language).
const BREAKS_STYLE = /[;{}<>\\]/;

/** CSS has no rule the widget could share: a colour is a hex colour, and nothing may break out of the style. */
export function styleProblem(name: string, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const field = STYLE_FIELDS.find((candidate) => candidate.name === name);
  if (field?.color && !COLOR.test(trimmed))
    return `${name} "${value}" is not a color written as #rrggbb or #rgb; leave it empty for the widget's ${field.default}.`;
  if (BREAKS_STYLE.test(trimmed)) return `${name} "${value}" must not contain ; { } < > or \\, which would break the style.`;
  return null;
}

/**
 * Everything wrong with a choice, by field name: the widget's own messages for its attributes, then
 * what no snippet could carry unchanged (snippet-escape.ts). The page shows no snippet while any is left.
 */
export function problemsOf(choice: EmbedChoice): Record<string, string> {
  const problems: Record<string, string> = { ...checkAttributes(flagsAsAttributes(choice.attributes)).problems };
  for (const [name, value] of Object.entries(choice.attributes)) {
    const refusal = problems[name] ? undefined : snippetRefusal(name, value.trim());
    if (refusal) problems[name] = refusal;
  }
  for (const [name, value] of Object.entries(choice.styles)) {
    const problem = styleProblem(name, value) ?? snippetRefusal(name, value.trim());
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** The attributes as the element gets them: an absent flag is absent, not ''. */
function flagsAsAttributes(attributes: Record<WidgetAttribute, string>): Partial<Record<WidgetAttribute, string>> {
  return Object.fromEntries(
    ATTRIBUTE_FIELDS.filter((field) => field.kind !== 'flag' || attributes[field.name] !== '').map((field) => [field.name, attributes[field.name]]),
  );
}

/** The query string for a choice: only what differs from `defaults`, in the widget's order; '' when nothing does. */
export function writeQuery(choice: EmbedChoice, defaults: EmbedChoice): string {
  const params = new URLSearchParams();
  for (const field of ATTRIBUTE_FIELDS) {
    const value = choice.attributes[field.name];
    if (value === defaults.attributes[field.name]) continue;
    // A flag says so in words: an empty value would read back as present, as the widget reads it.
    params.set(field.name, field.kind === 'flag' ? String(value === 'true') : value);
  }
  for (const field of STYLE_FIELDS) if (choice.styles[field.name] !== defaults.styles[field.name]) params.set(field.name, choice.styles[field.name] ?? '');
  const query = params.toString();
  return query && `?${query}`;
}

/**
 * A query string back into a choice: unknown parameters are ignored, missing ones keep `defaults`.
 * Every value the widget would refuse is reported with its message; text stays as written (the
 * field shows the problem), while a choice or a flag the form cannot show keeps its default.
 */
export function readQuery(search: string, defaults: EmbedChoice): { choice: EmbedChoice; problems: Problem[] } {
  const params = new URLSearchParams(search);
  const choice: EmbedChoice = { attributes: { ...defaults.attributes }, styles: { ...defaults.styles } };
  const problems: Problem[] = [];
  for (const field of ATTRIBUTE_FIELDS) {
    const value = params.get(field.name);
    if (value === null) continue;
    const { problem, accepted } = readAttribute(field, value);
    if (problem) problems.push({ name: field.name, message: problem });
    if (accepted !== undefined) choice.attributes[field.name] = accepted;
  }
  for (const field of STYLE_FIELDS) {
    const value = params.get(field.name);
    if (value === null) continue;
    choice.styles[field.name] = value;
    const problem = styleProblem(field.name, value) ?? snippetRefusal(field.name, value.trim());
    if (problem) problems.push({ name: field.name, message: problem });
  }
  return { choice, problems };
}

/** One attribute's value from a link, judged by the widget: what the form keeps (undefined: the default) and what is wrong. */
function readAttribute(field: AttributeField, value: string): { problem: string | undefined; accepted: string | undefined } {
  const { values, problems } = checkAttributes({ [field.name]: value });
  // An empty webhook-base alone is the widget's "missing" message: from a link it is a value like any other.
  const problem = value.trim() === '' ? undefined : (problems[field.name] ?? snippetRefusal(field.name, value.trim()));
  if (field.kind === 'text') return { problem, accepted: value };
  if (field.kind === 'choice' && value.trim() === '') return { problem: undefined, accepted: undefined };
  if (problem) return { problem, accepted: undefined };
  if (field.kind === 'flag') return { problem, accepted: values[field.name] === true ? 'true' : '' };
  const option = field.options.find((candidate) => candidate === value.trim().toLowerCase());
  return option === undefined
    ? { problem: `${field.name} "${value}" is not one of ${field.options.join(', ')}.`, accepted: undefined }
    : { problem, accepted: option };
}
