import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { policyApi, policyQueryKeys, type ExpandedPolicy } from './policy-api.ts';
import { isPolicyType } from './policy-form.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';

function PolicyNode({ node }: { readonly node: ExpandedPolicy }) {
  const { t } = useTranslation();
  const strategy = typeof node.decisionStrategy === 'string' ? node.decisionStrategy : null;
  return (
    <List.Item>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {node.display_name || node.name}
        </Text>
        <Badge variant="light" size="sm">
          {isPolicyType(node.type) ? t(`policies.types.${node.type}`) : node.type}
        </Badge>
        {node.invert === true && (
          <Badge variant="outline" color="orange" size="sm">
            {t('policies.inverted')}
          </Badge>
        )}
        {node.type === 'composite' &&
          strategy &&
          ['affirmative', 'unanimous', 'consensus'].includes(strategy) && (
            <Text size="xs" c="dimmed">
              {t(`policies.strategies.${strategy as 'affirmative' | 'unanimous' | 'consensus'}`)}
            </Text>
          )}
      </Group>
      {node.children && node.children.length > 0 && (
        <List withPadding listStyleType="disc" mt={4}>
          {node.children.map((child) => (
            <PolicyNode key={child.id} node={child} />
          ))}
        </List>
      )}
      {node.type === 'composite' && (!node.children || node.children.length === 0) && (
        <Text size="xs" c="dimmed" ml="md">
          {t('policies.noChildren')}
        </Text>
      )}
    </List.Item>
  );
}

/** The policy with all its descendants (`GET policies/{id}/expanded`), as a nested list. */
export function PolicyTree({ policyId }: { readonly policyId: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const headingId = useId();
  const tree = useQuery({
    queryKey: policyQueryKeys.expanded(policyId),
    queryFn: ({ signal }) => policyApi.expanded(api, policyId, signal),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('policies.tree')}
        </Title>
        {tree.isPending && <BusyIndicator size="sm" label={t('app.shell.loading')} />}
        {tree.isError && (
          <Text c="red" role="alert">
            {t(errorPhraseKey(tree.error))}
          </Text>
        )}
        {tree.data && (
          <List aria-labelledby={headingId} listStyleType="none" data-testid="policy-tree">
            <PolicyNode node={tree.data} />
          </List>
        )}
      </Stack>
    </Paper>
  );
}
