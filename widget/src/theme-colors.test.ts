import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The --fad-* properties theme the widget (README 'Styling'): a text or background colour written
// as a literal would stay the same on a dark theme and could become unreadable there. Fixed on
// purpose: the status chip (its own green pair, meaning "working"), the call's live marks, and
// translucent overlays (they tint whatever theme colour lies below).
const steps = readdirSync(new URL('steps', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
const FILES = ['first-render/element/styles.css', ...steps.map((file) => `steps/${file}`)];
const FIXED_ON_PURPOSE = ['.chip', '.chip::before', '.live-dot.on', '.visualiser-bars.speaking > span', '.captions', '.dialog::backdrop'];
/** Each rule's selector and its declarations that set a colour with a literal (not var()). */
function literalColors(css: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const [, selector, body] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    for (const declaration of body!.split(';')) {
      const [property, value] = declaration.split(/:(.*)/s).map((part) => part?.trim() ?? '');
      if (!property || property.startsWith('--') || !/(^|-)color$|^background$/.test(property)) continue;
      const translucent = /^rgb\([^)]*\/\s*0?\.\d+\)$/.test(value!);
      if (/#[0-9a-f]{3,8}\b|rgb\(|hsl\(/i.test(value!) && !value!.includes('var(') && !translucent) found.push([selector!.trim(), `${property}: ${value}`]);
    }
  }
  return found.filter(([selector]) => !FIXED_ON_PURPOSE.includes(selector));
}

describe('theme colours', () => {
  it.each(FILES)('%s sets no text or background colour with a literal outside the documented fixed ones', (file) => {
    expect(literalColors(readFileSync(new URL(file, import.meta.url), 'utf8'))).toEqual([]);
  });
  it('finds a literal colour where one is written', () => {
    expect(literalColors('.danger { background: var(--_error); color: #ffffff; }')).toEqual([['.danger', 'color: #ffffff']]);
  });
});
