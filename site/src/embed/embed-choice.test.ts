import { WEBHOOK_BASE_MESSAGE } from '@franchise-ai/widget/rules';
import { describe, expect, it } from 'vitest';
import { defaultChoice, problemsOf, readQuery, writeQuery, type EmbedChoice } from './embed-choice.ts';

const SITE = { 'webhook-base': 'https://hooks.example.com/webhook/acme', 'public-key': 'pk_site' };
const DEFAULTS = defaultChoice(SITE);

const changed = (change: { attributes?: Partial<EmbedChoice['attributes']>; styles?: EmbedChoice['styles'] }): EmbedChoice => ({
  attributes: { ...DEFAULTS.attributes, ...change.attributes },
  styles: { ...DEFAULTS.styles, ...change.styles },
});

describe('the choice in the query string', () => {
  it('writes nothing for the defaults, and reads nothing back as the defaults', () => {
    expect(writeQuery(DEFAULTS, DEFAULTS)).toBe('');
    expect(readQuery('', DEFAULTS)).toEqual({ choice: DEFAULTS, problems: [] });
  });

  it.each([
    ['another webhook base', changed({ attributes: { 'webhook-base': 'https://n8n.partner.example/webhook/franchise-ai' } })],
    ['a cleared key', changed({ attributes: { 'public-key': '' } })],
    ['the other side', changed({ attributes: { 'business-type': 'franchisee', 'home-url': 'https://partner.example/?a=1&b=2' } })],
    ['a flag on', changed({ attributes: { 'voice-avoid-eval': 'true' } })],
    ['analytics on', changed({ attributes: { analytics: 'datalayer' } })],
    ['colours and a radius', changed({ styles: { '--fad-color-primary': '#0a7d3b', '--fad-radius': '4px', '--fad-font-family': 'Georgia, serif' } })],
    ['a colour left empty', changed({ styles: { '--fad-color-text': '' } })],
  ])('round trip: %s', (_, choice) => {
    const query = writeQuery(choice, DEFAULTS);
    expect(query).toMatch(/^\?/);
    expect(readQuery(query, DEFAULTS)).toEqual({ choice, problems: [] });
  });

  it('writes only what differs, in the widget order', () => {
    const query = writeQuery(
      changed({ attributes: { 'home-url': '/x', 'business-type': 'franchisee' }, styles: { '--fad-color-primary': '#000000' } }),
      DEFAULTS,
    );
    expect(query).toBe('?business-type=franchisee&home-url=%2Fx&--fad-color-primary=%23000000');
  });

  it('ignores parameters it does not know (tracking, typos, the old names)', () => {
    expect(readQuery('?utm_source=mail&webhookBase=x&--fad-colour=red&business-type=franchisee', DEFAULTS)).toEqual({
      choice: changed({ attributes: { 'business-type': 'franchisee' } }),
      problems: [],
    });
  });

  it('reports each value the widget would refuse, in its own words', () => {
    const { choice, problems } = readQuery(
      '?webhook-base=hooks.example.com&business-type=owner&home-url=javascript:alert(1)&voice-avoid-eval=perhaps&--fad-color-primary=blue&--fad-radius=1px;x',
      DEFAULTS,
    );
    expect(problems.map((problem) => problem.name)).toEqual([
      'webhook-base',
      'business-type',
      'home-url',
      'voice-avoid-eval',
      '--fad-color-primary',
      '--fad-radius',
    ]);
    // Only the scheme is missing: how to fix it, not the visitor's message.
    expect(problems[0]!.message).toBe('Add https:// at the start, e.g. https://hooks.example.com');
    expect(problems[1]!.message).toContain('business-type "owner" is not one of franchisor, franchisee');
    expect(problems[3]!.message).toContain('voice-avoid-eval "perhaps" is not true or false');
    // Text stays as written for the field to show; a choice or flag the form cannot show keeps its default.
    expect(choice.attributes).toMatchObject({
      'webhook-base': 'hooks.example.com',
      'home-url': 'javascript:alert(1)',
      'business-type': 'franchisor',
      'voice-avoid-eval': '',
    });
  });

  it('reports an analytics value the widget does not know, and leaves analytics off', () => {
    const { choice, problems } = readQuery('?analytics=ga4', DEFAULTS);
    expect(problems.map((problem) => problem.name)).toEqual(['analytics']);
    expect(problems[0]!.message).toContain('analytics "ga4"');
    expect(choice.attributes.analytics).toBe('');
  });

  it('reads a flag as the widget does: present or true is on, false is off', () => {
    for (const [value, expected] of [
      ['', 'true'],
      ['true', 'true'],
      ['TRUE', 'true'],
      ['false', ''],
    ] as const) {
      expect(readQuery(`?voice-avoid-eval=${value}`, DEFAULTS).choice.attributes['voice-avoid-eval'], value).toBe(expected);
    }
  });
});

describe('problemsOf', () => {
  it('finds none in the defaults', () => expect(problemsOf(DEFAULTS)).toEqual({}));

  it('gives a bad or missing webhook base the message the widget shows', () => {
    expect(problemsOf(changed({ attributes: { 'webhook-base': 'https://hooks.example.com/webhook?x' } }))).toEqual({ 'webhook-base': WEBHOOK_BASE_MESSAGE });
    expect(problemsOf(changed({ attributes: { 'webhook-base': ' ' } }))).toEqual({ 'webhook-base': WEBHOOK_BASE_MESSAGE });
  });

  it('says how to fix a webhook base typed without https://', () => {
    expect(problemsOf(changed({ attributes: { 'webhook-base': 'hooks.example.com/webhook' } }))).toEqual({
      'webhook-base': 'Add https:// at the start, e.g. https://hooks.example.com/webhook',
    });
  });

  it('refuses what no snippet can carry unchanged, in a field the widget would take as it is', () => {
    const problems = problemsOf(
      changed({ attributes: { 'company-name': 'Acme\nBurgers', 'home-url': '/a\u0000b' }, styles: { '--fad-font-family': 'Georgia,\tserif' } }),
    );
    expect(Object.keys(problems)).toEqual(['home-url', 'company-name', '--fad-font-family']);
    expect(problems['company-name']).toMatch(/^company-name holds a line break, tab or other control character/);
    expect(readQuery('?company-name=Acme%0D%0ABurgers', DEFAULTS).problems.map((problem) => problem.name)).toEqual(['company-name']);
  });

  it('checks colours and what could break out of the style', () => {
    expect(Object.keys(problemsOf(changed({ styles: { '--fad-color-primary': 'red', '--fad-max-width': '600px}', '--fad-radius': '8px' } })))).toEqual([
      '--fad-color-primary',
      '--fad-max-width',
    ]);
  });
});
