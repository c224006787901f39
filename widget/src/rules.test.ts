import { describe, expect, it } from 'vitest';
import { firstCopy } from './copy/form-copy.ts';
import { checkAttributes, missingSchemeMessage, WEBHOOK_BASE_MESSAGE, WIDGET_ATTRIBUTES } from './rules.ts';

const BASE = 'https://hooks.example.com/webhook/acme';

describe('checkAttributes', () => {
  it('finds nothing wrong with a valid set, and gives the values the element would use by attribute name', () => {
    const { values, problems } = checkAttributes({ 'webhook-base': `${BASE}/`, 'business-type': 'Franchisee', 'home-url': '/home', 'voice-avoid-eval': '' });
    expect(problems).toEqual({});
    expect(values).toMatchObject({ 'webhook-base': `${BASE}/`, 'business-type': 'franchisee', 'home-url': '/home', 'voice-avoid-eval': true });
    expect(values['public-key']).toBeNull();
    expect(Object.keys(values)).toEqual([...WIDGET_ATTRIBUTES]);
  });
  it.each([
    ['missing', undefined],
    ['not a URL', 'hooks example'],
    ['another scheme', 'ftp://hooks.example.com/webhook'],
    ['a path alone', '/webhook'],
    ['without scheme, but with a query', 'hooks.example.com/webhook?x=1'],
    ['with credentials', 'https://user:secret@hooks.example.com/webhook/acme'],
  ])('a webhook-base that is %s gets the message the element shows in place of the form', (_, value) => {
    const { problems } = checkAttributes({ 'webhook-base': value });
    expect(problems['webhook-base']).toBe(firstCopy.configMissingWebhookBase);
    expect(WEBHOOK_BASE_MESSAGE).toBe(firstCopy.configMissingWebhookBase);
  });
  it("a webhook-base without its scheme (' localhost:5678/webhook ') gets how to fix it, not the visitor's message", () => {
    const fix = 'Add https:// at the start, e.g. https://localhost:5678/webhook';
    expect(checkAttributes({ 'webhook-base': ' localhost:5678/webhook ' }).problems['webhook-base']).toBe(fix);
    expect(missingSchemeMessage(' localhost:5678/webhook ')).toBe(fix);
  });
  it.each([
    ['business-type', 'franchiser'],
    ['home-url', 'javascript:alert(1)'],
    ['voice-api-base', 'ftp://voice.example'],
    ['voice-avoid-eval', 'maybe'],
  ] as const)('%s "%s" gets the warning the element gives, on that attribute alone', (attribute, value) => {
    const { problems } = checkAttributes({ 'webhook-base': BASE, [attribute]: value });
    expect(Object.keys(problems)).toEqual([attribute]);
    expect(problems[attribute]).toContain(`${attribute} "${value}"`);
  });
  it('judges every attribute of the one list', () => {
    const raw = Object.fromEntries(WIDGET_ATTRIBUTES.map((attribute) => [attribute, '']));
    expect(Object.keys(checkAttributes(raw).problems)).toEqual(['webhook-base']);
  });
});
