import { describe, expect, test } from 'vitest';
import { runAxe } from '@franchise-ai/test-support/axe';
import { DESKTOP } from '@franchise-ai/test-support/browser-suite';
import { useSite } from '../support/site.ts';

// Issue 28: the landing's eight claims (spec section 1) disagree in pairs (85% vs 60% admin time,
// $50K+ vs $75K ROI) unless each group says whom it is for and what kind of figure it is.
const site = useSite();

const ROUTES = ['/', '/demo', '/embed', '/privacy', '/terms', '/some-unknown-path'];
const SPEC_FIGURES = ['300%', '24/7', '85%', '$50K+', '3x', '40%', '60%', '$75K'];

/** Every figure tile on the page: its value and the visible note of the group it sits in, if any. */
async function figuresOf(path: string) {
  const { page } = await site.open(path, { viewport: DESKTOP });
  return page.evaluate(() => {
    const visible = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null && (el.textContent ?? '').trim() !== '';
    return [...document.querySelectorAll('.stat')].map((stat) => {
      const list = stat.closest('dl');
      const noteIds = (list?.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const notes = noteIds.map((id) => document.getElementById(id)).filter(visible);
      return { value: stat.querySelector('.stat-value')?.textContent?.trim() ?? '', note: notes.map((n) => n!.textContent!.trim()).join(' ') };
    });
  });
}

describe('figure groups', () => {
  test.each(ROUTES)(
    '%s: every figure sits in a group with a visible note on its audience and basis; so no two unlabelled figures can disagree',
    async (path) => {
      const figures = await figuresOf(path);
      expect(
        figures.filter((f) => f.note === ''),
        JSON.stringify(figures),
      ).toEqual([]);
    },
  );

  test('the landing shows all eight figures of the spec, in groups whose notes differ', async () => {
    const figures = await figuresOf('/');
    expect(figures.map((f) => f.value)).toEqual(SPEC_FIGURES);
    const notes = new Set(figures.map((f) => f.note));
    expect(notes.size).toBe(2);
  });

  // The notes add text to the hero and the dark results panel: axe at the narrowest phone too
  // (a11y.test.ts covers 375 and 1280 px).
  test('the landing with its notes has no axe violations at 320 px', async () => {
    const { page } = await site.open('/', { viewport: { width: 320, height: 640 } });
    expect(await runAxe(page)).toEqual([]);
  });
});

/** WCAG relative luminance of an `rgb(…)`/`rgba(…)` colour. */
function luminance(color: string): number {
  const [r, g, b] = color
    .match(/[\d.]+/g)!
    .slice(0, 3)
    .map(Number)
    .map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('the how-it-works step numbers', () => {
  test('contrast 4.5:1 or more with their card', async () => {
    const { page } = await site.open('/', { viewport: DESKTOP });
    const pairs = await page.evaluate(() =>
      [...document.querySelectorAll('.steps li')].map((li) => ({
        text: getComputedStyle(li.querySelector('.step-marker')!, '::after').content,
        color: getComputedStyle(li.querySelector('.step-marker')!, '::after').color,
        background: getComputedStyle(li).backgroundColor,
      })),
    );
    expect(pairs).toHaveLength(4);
    for (const pair of pairs) {
      expect(pair.background, 'an opaque card behind the number').toMatch(/^rgb\(/);
      expect(contrast(pair.color, pair.background), JSON.stringify(pair)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('color-scheme', () => {
  test.each(ROUTES)('%s declares its colour scheme, so a forced dark mode leaves its colours alone', async (path) => {
    const { page } = await site.open(path, { viewport: DESKTOP });
    const { meta, computed } = await page.evaluate(() => ({
      meta: document.querySelector('meta[name="color-scheme"]')?.getAttribute('content') ?? null,
      computed: getComputedStyle(document.documentElement).colorScheme,
    }));
    expect(meta).toBe('light');
    expect(computed).toBe('light');
  });
});
