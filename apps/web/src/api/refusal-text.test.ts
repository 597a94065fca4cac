import {
  AnalysisCommand,
  AnalysisRequirementMessage,
  checkAnalysisBuildRequirements,
  isAnalysisCommandExecutable,
} from '@federa/schemas';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n.ts';
import { refusalText } from './refusal-text.ts';

async function translator(language: string) {
  const i18n = createI18n();
  await i18n.changeLanguage(language);
  return i18n.t.bind(i18n) as unknown as (key: string, values?: Record<string, string>) => string;
}

describe('refusalText', () => {
  it('recognises every refusal the server words for commands and their requirements', async () => {
    const t = await translator('en');
    const messages = new Set<string>(Object.values(AnalysisRequirementMessage));
    const statuses = [null, 'starting', 'started', 'stopping', 'stopped', 'finished', 'failed'];
    for (const command of [...Object.values(AnalysisCommand), 'unknownCommand']) {
      for (const build_status of statuses) {
        for (const configuration_locked of [true, false]) {
          for (const [nodes, master_image_id] of [
            [3, 'x'],
            [1, 'x'],
            [3, null],
          ] as const) {
            const state = { configuration_locked, build_status, nodes, master_image_id };
            const result = isAnalysisCommandExecutable(state, command);
            if (!result.success) messages.add(result.message);
          }
        }
      }
    }
    const unassigned = checkAnalysisBuildRequirements({
      nodes: [{ name: 'site-a', type: 'default', approval_status: 'approved', registry_id: null }],
      registryAvailable: true,
    });
    if (!unassigned.success) messages.add(unassigned.message);
    expect(messages.size).toBeGreaterThan(20);
    for (const message of messages) expect(refusalText(t, message)).toBe(message);
  });

  it('shows a refusal in German, naming the build status as the API does', async () => {
    const t = await translator('de');
    expect(refusalText(t, AnalysisRequirementMessage.NODE_NOT_APPROVED)).toBe(
      'Mindestens ein Knoten hat die Analyse noch nicht freigegeben.',
    );
    const refused = isAnalysisCommandExecutable(
      { configuration_locked: true, build_status: 'finished', nodes: 3, master_image_id: 'x' },
      AnalysisCommand.BUILD_START,
    );
    expect(refused.success).toBe(false);
    expect(refusalText(t, (refused as { message: string }).message)).toBe(
      'Im Build-Status „finished“ kann der Build nicht gestartet werden.',
    );
  });

  it('leaves any other message alone', async () => {
    expect(refusalText(await translator('de'), 'Something else went wrong.')).toBeUndefined();
  });
});
