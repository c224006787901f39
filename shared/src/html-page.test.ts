import { describe, expect, test } from 'vitest';
import { elements, PAGE_LIMITS, pageCut, parseHtml, parsePage, textOf, visibleBlocks, type Document } from './html-page.ts';

const limits = { maxDepth: 4, maxElements: 10, maxTextChars: 20 };

/** How deep the parsed page nests its elements. */
function depthOf(doc: Document): number {
  let deepest = 0;
  for (const element of elements(doc)) {
    let depth = 0;
    for (let at: typeof element.parent = element; at && at.type !== 'root'; at = at.parent) depth += 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

describe('pageCut', () => {
  test.each([
    [{ depth: 4, elements: 10, textChars: 20 }, null],
    [{ depth: 5, elements: 10, textChars: 20 }, 'depth'],
    [{ depth: 4, elements: 11, textChars: 20 }, 'elements'],
    [{ depth: 4, elements: 10, textChars: 21 }, 'text'],
    [{ depth: 5, elements: 11, textChars: 21 }, 'depth'],
  ] as const)('%j is %s', (cost, cut) => {
    expect(pageCut(cost, limits)).toBe(cut);
  });
});

describe('parsePage reads a page up to the first limit it passes', () => {
  test('a page within the limits is read whole', () => {
    const { doc, cut } = parsePage('<div><p>Our <b>bagels</b></p><p>are boiled</p></div>', limits);
    expect(cut).toBeNull();
    expect(visibleBlocks(doc).map((block) => block.text)).toEqual(['Our bagels', 'are boiled']);
  });

  test('nesting past maxDepth: what came before is kept, nothing after', () => {
    const { doc, cut } = parsePage('<p>Before</p><div><div><div><div><div>Too deep</div></div></div></div></div><p>After</p>', limits);
    expect(cut).toBe('depth');
    expect(depthOf(doc)).toBe(limits.maxDepth);
    expect(visibleBlocks(doc).map((block) => block.text)).toEqual(['Before']);
  });

  test('elements past maxElements: the first ones are kept', () => {
    const { doc, cut } = parsePage(Array.from({ length: 15 }, (_, index) => `<p>${index}</p>`).join(''), limits);
    expect(cut).toBe('elements');
    expect(elements(doc)).toHaveLength(limits.maxElements);
    expect(visibleBlocks(doc).map((block) => block.text)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  test('text past maxTextChars: kept up to the limit, the rest of the page dropped', () => {
    const { doc, cut } = parsePage('<p>0123456789</p><p>abcdefghijklmnop</p><p>Never read</p>', limits);
    expect(cut).toBe('text');
    expect(visibleBlocks(doc).map((block) => block.text)).toEqual(['0123456789', 'abcdefghij']);
  });

  test('void elements and closed ones do not count as open', () => {
    const page = `${'<div><br><img src=x></div>'.repeat(2)}<div><div><div><div>Four deep</div></div></div></div>`;
    const { doc, cut } = parsePage(page, { ...limits, maxElements: 100 });
    expect(cut).toBeNull();
    expect(textOf(doc)).toBe('Four deep');
  });

  test('128,000 nested <div>s (640 KB, under the byte cap) stop at the depth limit', () => {
    const { doc, cut } = parsePage(`<title>Deep</title>${'<div>'.repeat(128_000)}`);
    expect(cut).toBe('depth');
    expect(depthOf(doc)).toBe(PAGE_LIMITS.maxDepth);
    expect(elements(doc)).toHaveLength(1 + PAGE_LIMITS.maxDepth); // the title and the divs up to the limit
  });

  test('parseHtml is parsePage with the page limits', () => {
    expect(elements(parseHtml(`${'<p>x</p>'.repeat(PAGE_LIMITS.maxElements + 10)}`))).toHaveLength(PAGE_LIMITS.maxElements);
  });
});

describe('textOf', () => {
  const link = parseHtml(`<a>  Own \n a <b>franchise</b>${'<span>and more</span>'.repeat(1000)}</a>`).children[0]!;

  test('reads the whole text', () => {
    expect(textOf(link)).toHaveLength(`  Own \n a franchise${'and more'.repeat(1000)}`.length);
  });

  test('with enough, stops once that many characters other than whitespace are read: its squashed start is the same', () => {
    const start = textOf(link, 20);
    expect(start.length).toBeLessThan(100);
    expect(start.replace(/\s+/g, ' ').trim()).toBe('Own a franchiseand more');
  });
});

test('a header without a nav is content, also nested in another; one with a nav is left out', () => {
  const doc = parseHtml('<header><nav>Menu</nav>Logo</header><header><h1>Own a franchise</h1><header><p>Since 1999</p></header></header>');
  expect(visibleBlocks(doc).map((block) => block.text)).toEqual(['Own a franchise', 'Since 1999']);
});
