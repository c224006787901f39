import manifest from '@franchise-ai/widget/custom-elements.json';
import { WIDGET_ATTRIBUTES } from '@franchise-ai/widget/rules';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_FIELDS, kindOf, STYLE_FIELDS } from './widget-facts.ts';

describe('kindOf, from the type the manifest gives an attribute', () => {
  it.each([
    ['string', { kind: 'text' }],
    [undefined, { kind: 'text' }],
    ['"franchisor" | "franchisee"', { kind: 'choice', options: ['franchisor', 'franchisee'] }],
    ['"datalayer"', { kind: 'choice', options: ['datalayer'] }],
    ['boolean | "" | "true" | "false"', { kind: 'flag' }],
    ['"a" | string', { kind: 'text' }],
  ])('%s', (type, kind) => expect(kindOf(type)).toEqual(kind));
});

describe('the fields', () => {
  it('are the attributes of WIDGET_ATTRIBUTES, in its order, each described by the manifest', () => {
    expect(ATTRIBUTE_FIELDS.map((field) => field.name)).toEqual([...WIDGET_ATTRIBUTES]);
    for (const field of ATTRIBUTE_FIELDS) expect(field.description, field.name).not.toBe('');
    // Plain words for sales staff, never the attribute's own name.
    for (const field of [...ATTRIBUTE_FIELDS, ...STYLE_FIELDS]) expect(field.label, field.name).toMatch(/^[A-Z][^-]*[a-z']$/);
    expect(ATTRIBUTE_FIELDS.find((field) => field.name === 'webhook-base')?.label).toBe('Where form data is sent');
    expect(ATTRIBUTE_FIELDS.find((field) => field.name === 'business-type')).toMatchObject({
      kind: 'choice',
      options: ['franchisor', 'franchisee'],
      default: 'franchisor',
    });
    // Without a default, a choice may be left out.
    expect(ATTRIBUTE_FIELDS.find((field) => field.name === 'analytics')).toMatchObject({ kind: 'choice', options: ['', 'datalayer'], default: '' });
  });

  it("are the manifest's --fad-* properties with their defaults, colours marked", () => {
    const properties = manifest.modules.flatMap((module) => module.declarations).flatMap((declaration) => declaration.cssProperties ?? []);
    expect(STYLE_FIELDS.map((field) => [field.name, field.default])).toEqual(properties.map((property) => [property.name, property.default]));
    expect(STYLE_FIELDS.filter((field) => field.color).map((field) => field.name)).toEqual(
      properties.map((property) => property.name).filter((name) => name.startsWith('--fad-color-')),
    );
    expect(STYLE_FIELDS.length).toBeGreaterThan(0);
  });
});
