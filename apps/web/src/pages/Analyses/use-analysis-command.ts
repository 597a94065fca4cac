import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/Feedback/notify.ts';
import { hubResources, type Analysis } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { failureText } from '../../api/refusal-text.ts';

/**
 * Runs `POST analyses/{id}/command`; the answer (the analysis after the command) refreshes the
 * cached analysis. `error` keeps the server's rejection message until the next command.
 */
export function useAnalysisCommand(analysisId: string) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (command: string): Promise<Analysis | undefined> => {
    setRunning(command);
    setError(null);
    try {
      const analysis = await api.post(
        'core',
        `analyses/${encodeURIComponent(analysisId)}/command`,
        { command },
        { schema: hubResources.analyses.schema },
      );
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analyses) });
      notify(t, {
        color: 'green',
        message: t('analyses.command.done', {
          command: t(`analyses.command.${command}` as 'analyses.command.buildStart'),
        }),
      });
      return analysis;
    } catch (failure) {
      const text = failureText(t as (key: string) => string, failure);
      setError(text);
      notify(t, { color: 'red', title: t('analyses.command.failed'), message: text });
      return undefined;
    } finally {
      setRunning(null);
    }
  };
  return { run, running, error };
}
