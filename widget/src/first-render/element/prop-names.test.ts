import { describe, expect, it } from 'vitest';
import { WIDGET_ATTRIBUTES } from './attribute-rules.ts';
import { toPropName } from './prop-names.ts';

describe('toPropName', () => {
  it.each<[string, string]>([
    ['webhook-base', 'webhookBase'],
    ['voice-avoid-eval', 'voiceAvoidEval'],
    ['analytics', 'analytics'],
    ['', ''],
    ['a-b-c', 'aBC'],
  ])('%j -> %j', (attribute, prop) => {
    expect(toPropName(attribute)).toBe(prop);
  });
  it('every prop name maps back to its attribute (camelCase property, kebab-case attribute)', () => {
    const toAttribute = (prop: string) => prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
    for (const attribute of WIDGET_ATTRIBUTES) expect(toAttribute(toPropName(attribute))).toBe(attribute);
  });
});
