import { expect, test } from 'vitest';
import { ATTRIBUTES, EVENT_NAMES } from './support/contract.ts';

// What the other tests check the guides against must itself be the widget's real names.
test('the contract read from the build: the attributes list and the eight event names', () => {
  expect(ATTRIBUTES.has('webhook-base')).toBe(true);
  expect(EVENT_NAMES).toHaveLength(8);
  expect(EVENT_NAMES.every((name) => /^franchise-ai-demo(-[a-z]+)+$/.test(name))).toBe(true);
  expect(EVENT_NAMES).toContain('franchise-ai-demo-ready');
});
