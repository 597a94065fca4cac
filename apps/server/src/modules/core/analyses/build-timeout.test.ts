import { describe, expect, it } from 'vitest';
import { loadConfig } from '#config/config.ts';

describe('ANALYSIS_BUILD_TIMEOUT_MS', () => {
  it('defaults to 15 minutes and takes milliseconds', () => {
    expect(loadConfig({}).analyses.buildTimeoutMs).toBe(900_000);
    expect(loadConfig({ ANALYSIS_BUILD_TIMEOUT_MS: '60000' }).analyses.buildTimeoutMs).toBe(60_000);
    expect(loadConfig({ ANALYSIS_BUILD_TIMEOUT_MS: '' }).analyses.buildTimeoutMs).toBe(900_000);
  });

  it('refuses values that are not a positive number of milliseconds', () => {
    expect(() => loadConfig({ ANALYSIS_BUILD_TIMEOUT_MS: '0' })).toThrow(
      'Invalid configuration: ANALYSIS_BUILD_TIMEOUT_MS must be a positive number of milliseconds',
    );
    expect(() => loadConfig({ ANALYSIS_BUILD_TIMEOUT_MS: 'soon' })).toThrow(
      'Invalid configuration: ANALYSIS_BUILD_TIMEOUT_MS must be a number',
    );
  });
});
