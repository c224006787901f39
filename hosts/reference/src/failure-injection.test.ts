import { describe, expect, it } from 'vitest';
import { parseFailures } from './failure-injection.ts';

describe('parseFailures', () => {
  it('reads a status, timeout, reset and malformed per endpoint', () => {
    const failures = parseFailures('demo_form:500, website_demo_call:timeout,trigger_ai_demo_call:reset');
    expect(Object.fromEntries(failures)).toEqual({
      demo_form: { kind: 'status', status: 500 },
      website_demo_call: { kind: 'timeout' },
      trigger_ai_demo_call: { kind: 'reset' },
    });
    expect(parseFailures('website_demo_call:malformed').get('website_demo_call')).toEqual({ kind: 'malformed' });
  });

  it('is empty when unset', () => {
    expect(parseFailures(undefined).size).toBe(0);
    expect(parseFailures('').size).toBe(0);
  });

  it.each([
    ['demo:500', 'FAIL: unknown endpoint "demo" in "demo:500".'],
    ['contact_form:500', 'FAIL: unknown endpoint "contact_form" in "contact_form:500".'],
    ['demo_form:teapot', 'FAIL: "demo_form:teapot" needs a status 400-599, timeout, reset or malformed.'],
    ['demo_form:200', 'FAIL: "demo_form:200" needs a status 400-599, timeout, reset or malformed.'],
    ['demo_form', 'FAIL: "demo_form" needs a status 400-599, timeout, reset or malformed.'],
  ])('refuses %j', (spec, message) => expect(() => parseFailures(spec)).toThrow(message));
});
