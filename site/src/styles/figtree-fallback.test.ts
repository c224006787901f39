import { expect, test } from 'vitest';
import { figtreeFallbackCss } from './figtree-fallback.ts';

/** Each rule's descriptors, by name. */
const rules = (css: string) =>
  [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) =>
    Object.fromEntries([...body!.matchAll(/([\w-]+): ([^;]+);/g)].map(([, name, value]) => [name, value])),
  );

test('three faces of Figtree Fallback, each with the figures measured for its weights', () => {
  const faces = rules(figtreeFallbackCss());
  expect(faces.map((face) => [face['font-weight'], face['size-adjust'], face['ascent-override'], face['descent-override'], face['line-gap-override']])).toEqual(
    [
      ['300 549', '99.9%', '95.1%', '25%', '0%'],
      ['550 749', '94.7%', '100.3%', '26.4%', '0%'],
      ['750 900', '97.1%', '97.8%', '25.7%', '0%'],
    ],
  );
  for (const face of faces) expect(face['font-family']).toBe("'Figtree Fallback'");
  // Arial's metric twin first, then Arial's own names (the order is why: figtree-fallback.ts).
  expect(faces[0]!['src']).toMatch(/^local\('Liberation Sans'\), .*local\('Arial'\)/);
  for (const face of faces.slice(1)) expect(face['src']).toMatch(/^local\('Liberation Sans Bold'\), .*local\('Arial Bold'\)/);
});

test("the overrides give Figtree's line box on the scaled font: 0.95 em up, 0.25 em down", () => {
  for (const face of rules(figtreeFallbackCss())) {
    const scale = parseFloat(face['size-adjust']!) / 100;
    expect(Math.abs((parseFloat(face['ascent-override']!) / 100) * scale - 0.95)).toBeLessThan(0.001);
    expect(Math.abs((parseFloat(face['descent-override']!) / 100) * scale - 0.25)).toBeLessThan(0.001);
  }
});
