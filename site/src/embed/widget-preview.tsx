import { createElement, useLayoutEffect, useRef } from 'react';
import { WIDGET_TAG } from '../widget-tag.ts';
import type { EmbedChoice } from './embed-choice.ts';
import { ATTRIBUTE_FIELDS, STYLE_FIELDS } from './widget-facts.ts';

/** The element's attributes, every one set (a flag as 'true' or 'false'): the preview shows exactly the values the snippet below it writes. */
function elementAttributes(choice: EmbedChoice): Record<string, string> {
  return Object.fromEntries(
    ATTRIBUTE_FIELDS.map((field) => [field.name, field.kind === 'flag' ? String(choice.attributes[field.name] === 'true') : choice.attributes[field.name]]),
  );
}

/**
 * The live widget with a choice. Every `--fad-*` property is set (the partner's page has none of this
 * site's theme), and a value the page flags gets the default instead. They are
 * set through the CSSOM, never as a style attribute: the site's Content-Security-Policy
 * (docs/DEPLOYMENT.md) has no 'unsafe-inline' for styles, and the prerendered HTML then holds none.
 */
export function WidgetPreview({ choice, problems }: { choice: EmbedChoice; problems: Record<string, string> }) {
  const element = useRef<HTMLElement>(null);
  const styles = STYLE_FIELDS.map((field): [string, string] => {
    const value = (!problems[field.name] && choice.styles[field.name]?.trim()) || field.default;
    // At its default, as the snippet leaves it out: `initial` hides this site's value and the widget takes its own, the dark theme's too.
    return [field.name, value === field.default ? 'initial' : value];
  });
  const key = JSON.stringify(styles);
  useLayoutEffect(() => {
    for (const [name, value] of JSON.parse(key) as Array<[string, string]>) element.current?.style.setProperty(name, value);
  }, [key]);
  return createElement(WIDGET_TAG, { ...elementAttributes(choice), ref: element });
}
