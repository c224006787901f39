import { describe, expect, it } from 'vitest';
import {
  BUSINESS_TYPES,
  CALL_DURATION_MINUTES,
  CALL_EXPECTED_MINUTES,
  DEFAULT_BUSINESS_TYPE,
  DEMO_PROMISED_SECONDS,
  LEGAL_LAST_UPDATED,
  LEGAL_YEAR,
  TERMS,
  WEBHOOK_PATHS,
} from './constants.ts';

describe('spec section 9: demo timings', () => {
  it('promises the demo within 90 seconds', () => {
    expect(DEMO_PROMISED_SECONDS).toBe(90);
  });

  it('expects the call within 2-3 minutes', () => {
    expect(CALL_EXPECTED_MINUTES).toStrictEqual({ min: 2, max: 3 });
  });

  it('has the call last 3-5 minutes', () => {
    expect(CALL_DURATION_MINUTES).toStrictEqual({ min: 3, max: 5 });
  });
});

describe('spec sections 3 and 9: business types', () => {
  it('are franchisor and franchisee, in that order', () => {
    expect(BUSINESS_TYPES).toStrictEqual(['franchisor', 'franchisee']);
  });

  it('default to franchisor', () => {
    expect(DEFAULT_BUSINESS_TYPE).toBe('franchisor');
    expect(BUSINESS_TYPES).toContain(DEFAULT_BUSINESS_TYPE);
  });
});

describe('spec section 7: webhook paths', () => {
  it("are the three documented paths, demo_status, the provider's call_events and chat_message", () => {
    expect(WEBHOOK_PATHS).toStrictEqual({
      demoForm: '/demo_form',
      websiteDemoCall: '/website_demo_call',
      triggerDemoCall: '/trigger_ai_demo_call',
      demoStatus: '/demo_status',
      callEvents: '/call_events',
      chatMessage: '/chat_message',
    });
  });

  it('each start with a single slash and are distinct', () => {
    const paths = Object.values(WEBHOOK_PATHS);
    for (const path of paths) expect(path).toMatch(/^\/[a-z_]+$/);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('spec sections 2 and 9: terms and legal figures', () => {
  it('quote 99.9% uptime, API under 2 s and 30 days notice', () => {
    expect(TERMS).toStrictEqual({ uptimeTargetPercent: 99.9, apiResponseUnderSeconds: 2, priceChangeNoticeDays: 30 });
  });

  it('name 2024 and December 2024', () => {
    expect(LEGAL_YEAR).toBe(2024);
    expect(LEGAL_LAST_UPDATED).toBe('December 2024');
    expect(LEGAL_LAST_UPDATED).toContain(String(LEGAL_YEAR));
  });
});
