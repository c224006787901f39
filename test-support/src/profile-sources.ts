import type { BrandProfile, ReadPage } from '@franchise-ai/shared/brand-profile';
import { parseDocument } from 'htmlparser2';
import { isTag, isText, type AnyNode } from 'domhandler';

// "It never invents", as a check any test can run on a profile and the pages it was
// built from: each fact's text, and each location's parts, must be on its source page (the name on
// one of the pages): in the text a visitor can read (script and style excluded), in a meta tag's
// content or an image's alt text, or among the values of its JSON-LD. Hours from structured data join several values
// (`Tuesday, Friday 09:00–19:00`), so for them each word must be a value's. The answer lists what
// is not found, so a test can show the check catching a doctored fact, not only passing.

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

interface Evidence {
  text: string;
  tight: string;
  meta: string[];
  values: string[];
}

function evidence(html: string): Evidence {
  const doc = parseDocument(html);
  let text = '';
  const meta: string[] = [];
  const values: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') values.push(squash(value));
    else if (typeof value === 'number') values.push(String(value));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  const stack: AnyNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) text += node.data;
    if (isTag(node)) {
      if (node.name === 'meta' && node.attribs.content) meta.push(squash(node.attribs.content));
      // A logo's alt text is where a site without structured data writes its name.
      if (node.name === 'img' && node.attribs.alt) meta.push(squash(node.attribs.alt));
      // A link that says "Email us" writes its address in its href only.
      if (node.name === 'a' && /^mailto:/i.test(node.attribs.href ?? '')) meta.push(squash(node.attribs.href!.slice(7)));
      if (node.name === 'script' && node.attribs.type === 'application/ld+json') {
        try {
          collect(JSON.parse(node.children.map((child) => (isText(child) ? child.data : '')).join('')));
        } catch {
          // Not JSON: no values.
        }
      }
      if (node.name === 'script' || node.name === 'style') continue;
    }
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return { text: squash(text), tight: tight(text), meta, values };
}

/** Without any whitespace: blocks side by side (`<p>$59,500</p><p>Initial Franchise Fee</p>`) have none between them in the text nodes. */
const tight = (text: string): string => text.replace(/\s+/g, '');

const onPage = (found: Evidence, value: string): boolean =>
  found.text.includes(value) ||
  found.tight.includes(tight(value)) ||
  found.meta.some((content) => content.includes(value)) ||
  found.values.some((item) => item.includes(value)) ||
  // A table row is written "label: value": each cell is on the page, the label's colon added; under
  // column headings, "label: heading value, heading value", each heading and each value on the page.
  (/: /.test(value) && value.split(/:\s|,\s/).every((part) => part === '' || found.tight.includes(tight(part)) || headedCell(found, part)));

/** "Luxury ₹ 30 Lacs": a column's heading and its cell, each on the page. */
const headedCell = (found: Evidence, part: string): boolean => {
  const words = part.split(' ');
  return words.some((_, at) => at > 0 && found.tight.includes(tight(words.slice(0, at).join(' '))) && found.tight.includes(tight(words.slice(at).join(' '))));
};

/** Every fact and location part of `profile` that its source page does not state: [] when nothing is invented. */
export function inventedFacts(profile: BrandProfile, pages: ReadPage[]): string[] {
  if (profile.status !== 'ready') return [];
  const byUrl = new Map(pages.map((page) => [page.url, evidence(page.html)]));
  const missing: string[] = [];
  if (profile.name !== undefined && ![...byUrl.values()].some((found) => onPage(found, profile.name!))) missing.push(`name "${profile.name}"`);
  for (const fact of profile.facts) {
    const found = byUrl.get(fact.source);
    const words = fact.kind === 'hours' ? fact.text.split(/,\s*|\s+|–/).filter(Boolean) : [fact.text];
    const stated = found && (onPage(found, fact.text) || (fact.kind === 'hours' && words.every((word) => found.values.some((item) => item.includes(word)))));
    if (!stated) missing.push(`${fact.kind} "${fact.text}" (${fact.source})`);
  }
  for (const location of profile.locations) {
    const found = byUrl.get(location.source);
    const { source, ...parts } = location;
    for (const [field, value] of Object.entries(parts)) {
      if (!found || !onPage(found, value!)) missing.push(`location ${field} "${value}" (${source})`);
    }
  }
  return missing;
}
