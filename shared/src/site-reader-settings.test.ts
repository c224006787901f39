import { describe, expect, it } from 'vitest';
import { siteReaderSettingsFromEnv } from './site-reader-settings.ts';

describe('siteReaderSettingsFromEnv', () => {
  it('refuses loopback sites and names itself by its product token unless told otherwise', () => {
    expect(siteReaderSettingsFromEnv({})).toEqual({ allowLoopback: false, userAgent: 'FranchiseAIDemoBot/1.0' });
  });

  it('reads ALLOW_PRIVATE_WEBSITES and READER_INFO_URL', () => {
    expect(siteReaderSettingsFromEnv({ ALLOW_PRIVATE_WEBSITES: '1', READER_INFO_URL: 'https://franchise-ai.example/bot' })).toEqual({
      allowLoopback: true,
      userAgent: 'FranchiseAIDemoBot/1.0 (+https://franchise-ai.example/bot)',
    });
  });

  it.each([
    [{ ALLOW_PRIVATE_WEBSITES: 'yes' }, /ALLOW_PRIVATE_WEBSITES must be 1/],
    [{ READER_INFO_URL: 'javascript:alert(1)' }, /READER_INFO_URL must be an http\(s\) address/],
  ])('refuses %o', (env, message) => {
    expect(() => siteReaderSettingsFromEnv(env)).toThrow(message);
  });
});
