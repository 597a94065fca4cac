import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { ApprovalBadge } from '../../components/ApprovalBadge/ApprovalBadge.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { notify } from '../../components/Feedback/notify.ts';
import { NodePicker } from '../../components/NodePicker/NodePicker.tsx';
import { Pagination } from '../../components/Pagination/Pagination.tsx';
import { useDeleteConfirmation } from '../../components/ResourceList/use-delete-confirmation.tsx';
import { hubResources, type HubNode, type Project } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { ScrollTable } from '../../components/ScrollTable/ScrollTable.tsx';

/**
 * The nodes of a project with their approval status (live). Editable: a picker adds a node (asked
 * for approval; aggregators are approved at once) and each row can be removed.
 */
export function ProjectNodeManager({
  project,
  editable,
}: {
  readonly project: Project;
  readonly editable: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [candidate, setCandidate] = useState<HubNode | null>(null);
  const [adding, setAdding] = useState(false);
  const state = useResourceList({
    resource: hubResources.projectNodes,
    query: { filter: { project_id: project.id }, include: ['node'], sort: { created_at: 'ASC' } },
    searchField: null,
  });
  const confirmDelete = useDeleteConfirmation(hubResources.projectNodes);
  const rows = state.data?.data ?? [];

  const add = async () => {
    if (!candidate) return;
    setAdding(true);
    try {
      await api.post('core', 'project-nodes', { project_id: project.id, node_id: candidate.id });
      setCandidate(null);
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.projectNodes) });
    } catch (error) {
      notify(t, { color: 'red', title: t('admin.form.failed'), message: t(errorPhraseKey(error)) });
    } finally {
      setAdding(false);
    }
  };

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('projects.overview.nodes')}
        </Title>
        {editable && (
          <Group align="end" gap="xs" wrap="wrap">
            <div style={{ flex: 1, minWidth: 200 }}>
              <NodePicker
                label={t('projects.form.addNode')}
                value={candidate?.id ?? null}
                onChange={setCandidate}
                exclude={rows.map((row) => row.node_id)}
              />
            </div>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!candidate}
              loading={adding}
              onClick={() => void add()}
            >
              {t('projects.form.addNode')}
            </Button>
          </Group>
        )}
        {state.isPending ? (
          <BusyIndicator label={t('admin.list.loading')} />
        ) : rows.length === 0 ? (
          <EmptyListText phrase="projects.overview.noNodes" />
        ) : (
          <ScrollTable minWidth={360} label={t('projects.overview.nodes')}>
            <Table aria-label={t('projects.overview.nodes')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('projects.incoming.node')}</Table.Th>
                  <Table.Th scope="col">{t('projects.approval.status')}</Table.Th>
                  <Table.Th scope="col">{t('projects.approval.comment')}</Table.Th>
                  {editable && <Table.Th scope="col">{t('admin.list.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const name = row.node?.name ?? row.node_id;
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        {name}
                        {row.node && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({row.node.type})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <ApprovalBadge status={row.approval_status} />
                      </Table.Td>
                      <Table.Td>{row.comment ?? ''}</Table.Td>
                      {editable && (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('projects.form.removeNode', { name })}
                            onClick={() => confirmDelete(row, name)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {state.data && state.data.meta.total > state.data.meta.limit && (
          <Pagination
            total={state.data.meta.total}
            limit={state.data.meta.limit}
            offset={state.offset}
            onChange={state.setOffset}
          />
        )}
      </Stack>
    </Card>
  );
}
