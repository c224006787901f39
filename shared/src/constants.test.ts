import { describe, expect, it } from 'vitest';
import {
  AGENT_ID_LENGTH,
  AGENT_ID_PREFIX,
  BUSINESS_TYPES,
  CALL_DURATION_MINUTES,
  CALL_EXPECTED_MINUTES,
  CONGRATULATIONS_AT_MS,
  DEFAULT_BUSINESS_TYPE,
  DEMO_PROMISED_SECONDS,
  LEGAL_LAST_UPDATED,
  LEGAL_YEAR,
  LOADING_STAGES,
  TERMS,
  VOICE,
  WEBHOOK_PATHS,
  WEBHOOK_TIMEOUT_MS,
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

  it('runs the loading stages at 15 s, 28 s and 38 s with 33, 66 and 100 percent', () => {
    expect(LOADING_STAGES).toStrictEqual([
      { atMs: 15_000, progress: 33 },
      { atMs: 28_000, progress: 66 },
      { atMs: 38_000, progress: 100 },
    ]);
  });

  it('keeps the loading stages in order, ending at 100 percent', () => {
    for (let i = 1; i < LOADING_STAGES.length; i++) {
      const previous = LOADING_STAGES[i - 1];
      const current = LOADING_STAGES[i];
      expect(previous).toBeDefined();
      expect(current).toBeDefined();
      expect(current?.atMs).toBeGreaterThan(previous?.atMs ?? Infinity);
      expect(current?.progress).toBeGreaterThan(previous?.progress ?? Infinity);
    }
    expect(LOADING_STAGES.at(-1)?.progress).toBe(100);
  });

  it('opens the congratulations step at 42 s, after the last loading stage', () => {
    expect(CONGRATULATIONS_AT_MS).toBe(42_000);
    expect(CONGRATULATIONS_AT_MS).toBeGreaterThan(LOADING_STAGES.at(-1)?.atMs ?? Infinity);
  });
});

describe('spec section 9: agent id', () => {
  it('is MSO- followed by 6 characters', () => {
    expect(AGENT_ID_PREFIX).toBe('MSO-');
    expect(AGENT_ID_LENGTH).toBe(6);
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
  it('are the three documented paths', () => {
    expect(WEBHOOK_PATHS).toStrictEqual({
      demoForm: '/demo_form',
      websiteDemoCall: '/website_demo_call',
      triggerDemoCall: '/trigger_ai_demo_call',
    });
  });

  it('each start with a single slash and are distinct', () => {
    const paths = Object.values(WEBHOOK_PATHS);
    for (const path of paths) expect(path).toMatch(/^\/[a-z_]+$/);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('have a finite, positive timeout of our own', () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(20_000);
    expect(Number.isFinite(WEBHOOK_TIMEOUT_MS)).toBe(true);
  });
});

describe('spec section 9: voice client figures', () => {
  it('sample every 100 ms, threshold 0.01, divisor 0.15, 1 s speech-end and mobile join delays', () => {
    expect(VOICE).toStrictEqual({
      audioLevelSampleMs: 100,
      speakingThreshold: 0.01,
      volumeDivisor: 0.15,
      speechEndDelayMs: 1_000,
      mobileJoinDelayMs: 1_000,
    });
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
