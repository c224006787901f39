import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The --fad-* properties and the theme attribute colour the widget (README 'Styling'): a colour
// written as a literal outside the token blocks (the `--_*` properties on :host) would stay the
// same on the dark theme and could become unreadable there. Fixed on purpose: the status chip (its
// own green pair, meaning "working"), the call's live marks on the night panel, translucent overlays
// (they tint whatever theme colour lies below), and masks (only their alpha counts).
const steps = readdirSync(new URL('steps', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));
const BASE = 'first-render/element/styles.css';
const FILES = [BASE, ...steps.map((file) => `steps/${file}`)];
const FIXED_ON_PURPOSE = ['.chip', '.chip::before', '.live-dot.on', '.visualiser-bars.speaking > span'];
const COLOR_LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\)|\b(?:white|black|red|green|blue|gray|grey)\b/gi;
const TRANSLUCENT = /^rgb\([^)]*\/\s*0?\.\d+\)$/;

const rules = (css: string) =>
  [...css.replace(/\/\*[\s\S]*?\*\/|@import[^;]*;/g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
    selector: selector!.trim(),
    declarations: body!
      .split(';')
      .map((declaration): [string, string] => {
        const [property = '', value = ''] = declaration.split(/:(.*)/s);
        return [property.trim(), value.trim()];
      })
      .filter(([property]) => property !== ''),
  }));

/** Each rule's selector and its declarations that set an opaque literal colour outside a :host token. */
function literalColors(css: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const { selector, declarations } of rules(css)) {
    if (FIXED_ON_PURPOSE.includes(selector)) continue;
    for (const [property, value] of declarations) {
      if ((property.startsWith('--') && selector.startsWith(':host')) || property.startsWith('mask')) continue;
      const opaque = [...value.matchAll(COLOR_LITERAL)].filter(([literal]) => !TRANSLUCENT.test(literal));
      if (opaque.length > 0) found.push([selector, `${property}: ${value}`]);
    }
  }
  return found;
}

const base = readFileSync(new URL(BASE, import.meta.url), 'utf8');
const block = (selector: string) => rules(base).find((rule) => rule.selector === selector)?.declarations ?? [];
const DARK = block(':host([theme="dark" i])');

describe('theme colours', () => {
  it.each(FILES)('%s writes no literal colour outside its token block, but for the documented fixed ones', (file) => {
    expect(literalColors(readFileSync(new URL(file, import.meta.url), 'utf8'))).toEqual([]);
  });
  it('finds a literal colour where one is written, in any property, and in a --_* property outside :host', () => {
    const css =
      '.danger { background: var(--_error); color: #ffffff; } .a { border: 1px solid rgb(1 2 3); box-shadow: 0 0 0 1px rgb(0 0 0 / 0.2) } .b { --_x: white }';
    expect(literalColors(css)).toEqual([
      ['.danger', 'color: #ffffff'],
      ['.a', 'border: 1px solid rgb(1 2 3)'],
      ['.b', '--_x: white'],
    ]);
  });
  it('the dark theme gives every --fad-color-* property its own default, and "auto" on a dark system is the same block', () => {
    const light = block(':host').filter(([, value]) => /^var\(--fad-color-/.test(value));
    expect(light.length).toBeGreaterThan(8);
    for (const [property, value] of light) {
      const dark = DARK.find(([name]) => name === property)?.[1];
      expect(dark, property).toMatch(new RegExp(`^var\\(${value.slice(4, value.indexOf(','))},`));
      expect(dark, property).not.toBe(value);
    }
    expect(DARK).toContainEqual(['color-scheme', 'dark']);
    const auto = /@media \(prefers-color-scheme: dark\) \{\s*:host\(\[theme="auto" i\]\) \{([^}]*)\}\s*\}/.exec(base)?.[1];
    expect(auto && rules(`x{${auto}}`)[0]!.declarations).toEqual(DARK);
  });
});
