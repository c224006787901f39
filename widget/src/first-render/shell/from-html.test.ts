import { describe, expect, it } from 'vitest';
import { findByClass, fromHtml } from './from-html.ts';

describe('fromHtml: preact-render-to-string output as markup nodes', () => {
  it('reads elements, attributes (valueless ones as empty), void elements, texts and several roots, with their entities decoded', () => {
    expect(
      fromHtml('<div class="root" part="root"><label for="x">A &amp; B &lt;3 &quot;q&quot;</label><input id="x" required value=""/><p></p></div>'),
    ).toEqual([['div', { class: 'root', part: 'root' }, ['label', { for: 'x' }, 'A & B <3 "q"'], ['input', { id: 'x', required: '', value: '' }], ['p', {}]]]);
    expect(fromHtml('<p title="a &amp; b">x</p><p>y</p>')).toEqual([
      ['p', { title: 'a & b' }, 'x'],
      ['p', {}, 'y'],
    ]);
  });
  it('refuses what the components never render (a comment)', () => expect(() => fromHtml('<div><!-- x --></div>')).toThrow(/cannot draw a comment/));
});

it('findByClass finds the first element, depth first, whose class list holds the name', () => {
  const nodes = fromHtml('<div class="a"><p class="error form-alert"><b>x</b></p></div><p class="form-alert-other"></p>');
  expect(findByClass(nodes, 'form-alert')).toEqual(['p', { class: 'error form-alert' }, ['b', {}, 'x']]);
  expect(findByClass(nodes, 'missing')).toBeNull();
});
