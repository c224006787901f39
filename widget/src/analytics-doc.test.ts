import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATA_LAYER_EVENTS, dataLayerEntries } from './first-render/element/data-layer.ts';
import { STEPS } from './flow/reducer.ts';

// docs/ANALYTICS.md tells marketers what analytics="datalayer" pushes and how to listen without
// it: its table, its example and its listener snippet must say what data-layer.ts does.
const doc = readFileSync(new URL('../../docs/ANALYTICS.md', import.meta.url), 'utf8');
function fenceAfter(heading: string, lang: string): string {
  const from = doc.indexOf(heading);
  if (from < 0) throw new Error(`docs/ANALYTICS.md has no "${heading}"`);
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(doc.slice(from));
  if (!match) throw new Error(`no ${lang} fence after "${heading}"`);
  return match[1]!;
}

/** Every entry the widget can push, one sample detail per case. */
const everyEntry = [
  ...STEPS.flatMap((step) => dataLayerEntries('franchise-ai-demo-step', { step })),
  ...dataLayerEntries('franchise-ai-demo-ready', { agentId: 'MSO-AAAAAA' }),
  ...dataLayerEntries('franchise-ai-demo-call-requested', { ok: true, refused: false, placed: true }),
  ...dataLayerEntries('franchise-ai-demo-call-start', {}),
  ...dataLayerEntries('franchise-ai-demo-call-end', {}),
  ...dataLayerEntries('franchise-ai-demo-error', { stage: 'voice', message: 'x' }),
  ...dataLayerEntries('franchise-ai-demo-next-step', { choice: 'book', step: 'browser-call' }),
];

describe('docs/ANALYTICS.md matches data-layer.ts', () => {
  it('the table lists every event name pushed, with its parameters', () => {
    const table = doc.slice(doc.indexOf('| `event` | parameters | when |'));
    // Each row's event name and parameters cell, below the header and its rule.
    const rows = [...table.matchAll(/^\| `([^`]+)` \| ([^|]*?) \|/gm)].slice(1);
    const documented = new Map(rows.map(([, name, parameters]) => [name, parameters!]));
    expect(sorted(documented.keys())).toEqual(sorted(everyEntry.map((entry) => entry.event)));
    for (const { event, ...parameters } of everyEntry) {
      for (const parameter of Object.keys(parameters)) expect(documented.get(event), `${event} ${parameter}`).toContain(`\`${parameter}\``);
      if (Object.keys(parameters).length === 0) expect(documented.get(event), event).toBe('none');
    }
  });
  it('the example is what a whole flow with a phone call pushes', () => {
    const example = fenceAfter('A whole flow with a phone call pushes', 'js')
      .trim()
      .split('\n')
      .map((line) => new Function(`return (${line});`)() as unknown);
    expect(example).toEqual([
      ...dataLayerEntries('franchise-ai-demo-step', { step: 'form' }),
      ...dataLayerEntries('franchise-ai-demo-step', { step: 'loading' }),
      ...dataLayerEntries('franchise-ai-demo-step', { step: 'congratulations' }),
      ...dataLayerEntries('franchise-ai-demo-ready', { agentId: 'MSO-AAAAAA' }),
      // The host's answer first, then the step it leads to.
      ...dataLayerEntries('franchise-ai-demo-call-requested', { ok: true, refused: false, placed: true }),
      ...dataLayerEntries('franchise-ai-demo-step', { step: 'call-scheduled' }),
    ]);
  });
  it('the listener snippet listens to every event but the submit, and reads no message', () => {
    const snippet = fenceAfter('## Segment or Plausible', 'html');
    const listened = [...snippet.matchAll(/^\s*'(franchise-ai-demo-[a-z-]+)':/gm)].map((match) => match[1]);
    expect(listened).toEqual(DATA_LAYER_EVENTS.filter((name) => name !== 'franchise-ai-demo-submit'));
    expect(snippet).not.toMatch(/\.message|\.request/);
  });
});

function sorted(values: Iterable<string | undefined>): string[] {
  return [...new Set(values)].map(String).sort();
}
