import { compile, parse } from 'svelte/compiler';
import { expect, test } from 'vitest';
import { ATTRIBUTES, EVENTS, unknown } from './support/contract.ts';
import { fence } from './support/fences.ts';

// The Svelte guide's component, compiled by Svelte 5's compiler: no error, no warning, and the
// client code adds a listener for each `on...` attribute under the event's exact name.
const source = fence('svelte.md', 'FranchiseAiDemoSection.svelte').code;

interface AstAttribute {
  type: string;
  name: string;
}
interface AstNode {
  type: string;
  name?: string;
  attributes?: AstAttribute[];
  fragment?: { nodes: AstNode[] };
}

/** The attributes written on the <franchise-ai-demo> element, from Svelte's own parse. */
function elementAttributes(): string[] {
  const root = parse(source, { modern: true }) as unknown as { fragment: { nodes: AstNode[] } };
  const element = root.fragment.nodes.find((node) => node.name === 'franchise-ai-demo');
  if (!element) throw new Error('the component has no <franchise-ai-demo> at its top level');
  return element.attributes!.map((attribute) => attribute.name);
}

test('compiles with no warning; the element gets real attributes and listeners for real events', () => {
  const { js, warnings } = compile(source, { filename: 'FranchiseAiDemoSection.svelte', generate: 'client' });
  expect(warnings.map((warning) => `${warning.code}: ${warning.message}`)).toEqual([]);

  const written = elementAttributes();
  const attributes = written.filter((name) => !name.startsWith('on'));
  const events = written.filter((name) => name.startsWith('on')).map((name) => name.slice(2));
  expect(attributes).toContain('webhook-base');
  expect(unknown(attributes, ATTRIBUTES)).toEqual([]);
  expect(events).toContain('franchise-ai-demo-ready');
  expect(unknown(events, EVENTS)).toEqual([]);

  // Each listener is added under the event's exact, hyphenated name.
  const listened = [...js.code.matchAll(/\$\.event\('([^']+)', franchise_ai_demo\b/g)].map((match) => match[1]);
  expect(listened.sort()).toEqual([...events].sort());
  const set = [...js.code.matchAll(/\$\.set_custom_element_data\(franchise_ai_demo, '([^']+)'/g)].map((match) => match[1]);
  expect(set.sort()).toEqual([...attributes].sort());
});
