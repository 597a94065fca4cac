import { describe, expect, it } from 'vitest';
import { isAnalysisCommandExecutable, type AnalysisCommandState } from './analysis-commands.ts';

const base: AnalysisCommandState = {
  configuration_locked: false,
  build_status: null,
  nodes: 2,
  master_image_id: 'x',
};
const locked = (build_status: string | null): AnalysisCommandState => ({
  ...base,
  configuration_locked: true,
  build_status,
});
const message = (state: AnalysisCommandState, command: string) => {
  const result = isAnalysisCommandExecutable(state, command);
  return result.success ? 'ok' : result.message;
};

describe('isAnalysisCommandExecutable (docs/product/analysis-platform.md §4, §5)', () => {
  describe('configurationLock', () => {
    it('allows the base state', () => expect(message(base, 'configurationLock')).toBe('ok'));
    it.each([
      [{ configuration_locked: true }, 'The analysis configuration is already locked.'],
      [{ build_status: 'failed' }, 'The analysis build process has already been initialized.'],
      [{ nodes: 1 }, 'The analysis requires at least two nodes.'],
      [{ master_image_id: null }, 'A master image must be assigned to the analysis.'],
      [
        { configuration_locked: true, build_status: 'failed', nodes: 0, master_image_id: null },
        'The analysis configuration is already locked.',
      ],
      [
        { build_status: 'failed', nodes: 0, master_image_id: null },
        'The analysis build process has already been initialized.',
      ],
      [{ nodes: 0, master_image_id: null }, 'The analysis requires at least two nodes.'],
    ])('refuses %o', (change, expected) => {
      expect(message({ ...base, ...change }, 'configurationLock')).toBe(expected);
    });
  });

  describe('configurationUnlock', () => {
    it.each([null, 'failed', 'stopped', 'stopping'])('allows build status %s', (status) => {
      expect(message(locked(status), 'configurationUnlock')).toBe('ok');
    });
    it.each(['started', 'starting', 'finished'])('refuses build status %s', (status) => {
      expect(message(locked(status), 'configurationUnlock')).toBe(
        `The current analysis build status "${status}" does not allow unlocking the configuration.`,
      );
    });
    it('refuses an unlocked configuration', () => {
      expect(message(base, 'configurationUnlock')).toBe('The analysis configuration is already unlocked.');
    });
  });

  describe('buildStart', () => {
    it('refuses an unlocked configuration', () => {
      expect(message(base, 'buildStart')).toBe(
        'The analysis configuration must be locked before starting the build.',
      );
    });
    it.each([null, 'failed', 'stopped'])('allows build status %s', (status) => {
      expect(message(locked(status), 'buildStart')).toBe('ok');
    });
    it.each(['starting', 'started', 'stopping', 'finished'])('refuses build status %s', (status) => {
      expect(message(locked(status), 'buildStart')).toBe(
        `The current analysis build status "${status}" does not allow a build start.`,
      );
    });
  });

  describe('buildStop', () => {
    it('refuses an unlocked configuration', () => {
      expect(message(base, 'buildStop')).toBe(
        'The analysis configuration must be locked before stopping the build.',
      );
    });
    it('refuses a build that never started', () => {
      expect(message(locked(null), 'buildStop')).toBe('The analysis build process has not been initialized.');
    });
    it.each(['stopping', 'started', 'starting'])('allows build status %s', (status) => {
      expect(message(locked(status), 'buildStop')).toBe('ok');
    });
    it.each(['stopped', 'finished', 'failed'])('refuses build status %s', (status) => {
      expect(message(locked(status), 'buildStop')).toBe(
        `The current analysis build status "${status}" does not allow a build stop.`,
      );
    });
  });

  describe('buildStatus', () => {
    it('refuses an unlocked configuration', () => {
      expect(message(base, 'buildStatus')).toBe(
        'The analysis configuration must be locked before checking the build status.',
      );
    });
    it('refuses a build that never started', () => {
      expect(message(locked(null), 'buildStatus')).toBe(
        'The analysis build process has not been initialized.',
      );
    });
    it('refuses a finished build', () => {
      expect(message(locked('finished'), 'buildStatus')).toBe(
        'The analysis build process has already been successfully completed.',
      );
    });
    it.each(['starting', 'started', 'stopping', 'stopped', 'failed'])('allows build status %s', (status) => {
      expect(message(locked(status), 'buildStatus')).toBe('ok');
    });
  });

  it.each(['spinUp', 'tearDown', 'unknown'])('refuses the command %s', (command) => {
    expect(message(base, command)).toBe(`The analysis command ${command} cannot be executed.`);
  });
});
