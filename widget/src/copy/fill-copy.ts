/** Fills `{slot}`s; a slot without a value is left as it is, so a gap shows in review rather than as "undefined". */
export function fillCopy(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => (Object.hasOwn(values, key) ? values[key]! : slot));
}
