import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '../../../components/ApprovalBadge/ApprovalBadge.tsx';
import { BusyIndicator } from '../../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../../components/EmptyListText/EmptyListText.tsx';
import { notify } from '../../../components/Feedback/notify.ts';
import { Pagination } from '../../../components/Pagination/Pagination.tsx';
import { useDeleteConfirmation } from '../../../components/ResourceList/use-delete-confirmation.tsx';
import {
  hubResources,
  type Analysis,
  type AnalysisNode,
  type ProjectNode,
} from '../../../resources/hub-resources.ts';
import { resourceKey } from '../../../resources/resource-types.ts';
import { useResourceList, type ResourceListState } from '../../../resources/use-resource-list.ts';
import { useApiClient } from '../../../session/session-context.tsx';
import { runStatusPhrase } from '../analysis-status.ts';
import { failureText } from '../../../api/refusal-text.ts';
import { ScrollTable } from '../../../components/ScrollTable/ScrollTable.tsx';

/** The modal that adds nodes of the project (with their approval in the project) to the analysis. */
function AddNodesModal({
  opened,
  onClose,
  analysis,
  chosen,
}: {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly analysis: Analysis;
  readonly chosen: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  // Nodes added from this modal stay marked while the analysis' node list catches up, so an "Add"
  // button never comes back between the answer and the refetch.
  const [justAdded, setJustAdded] = useState<ReadonlySet<string>>(new Set());
  const close = () => {
    setJustAdded(new Set());
    onClose();
  };
  const candidates = useResourceList({
    resource: hubResources.projectNodes,
    query: { filter: { project_id: analysis.project_id }, include: ['node'], sort: { created_at: 'ASC' } },
    searchField: null,
    enabled: opened,
  });
  const add = async (row: ProjectNode) => {
    setBusy(row.node_id);
    try {
      await api.post('core', 'analysis-nodes', { analysis_id: analysis.id, node_id: row.node_id });
      setJustAdded((previous) => new Set(previous).add(row.node_id));
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analysisNodes) });
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analyses) });
    } catch (error) {
      notify(t, {
        color: 'red',
        title: t('admin.form.failed'),
        message: failureText(t as (key: string) => string, error),
      });
    } finally {
      setBusy(null);
    }
  };
  const rows = candidates.data?.data ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('analyses.nodes.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('admin.dialog.close') }}
    >
      {candidates.isPending ? (
        <BusyIndicator label={t('admin.list.loading')} />
      ) : rows.length === 0 ? (
        <EmptyListText phrase="projects.overview.noNodes" />
      ) : (
        <Stack gap="sm">
          <ScrollTable minWidth={320} label={t('analyses.nodes.projectNodes')}>
            <Table aria-label={t('analyses.nodes.projectNodes')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.fields.name')}</Table.Th>
                  <Table.Th scope="col">{t('analyses.nodes.approval')}</Table.Th>
                  <Table.Th scope="col">{t('admin.list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const name = row.node?.name ?? row.node_id;
                  const added = chosen.has(row.node_id) || justAdded.has(row.node_id);
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        {name}{' '}
                        <Text span size="xs" c="dimmed">
                          ({row.node?.type})
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <ApprovalBadge status={row.approval_status} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPlus size={14} aria-hidden />}
                          disabled={added}
                          loading={busy === row.node_id}
                          aria-label={t('analyses.nodes.addNode', { name })}
                          onClick={() => void add(row)}
                        >
                          {t('analyses.nodes.addShort')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {candidates.data && candidates.data.meta.total > candidates.data.meta.limit && (
            <Pagination
              total={candidates.data.meta.total}
              limit={candidates.data.meta.limit}
              offset={candidates.offset}
              onChange={candidates.setOffset}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The nodes of the analysis with approval and run status; add (modal) and remove while unlocked. */
export function NodesStep({
  analysis,
  nodes,
  readOnly,
}: {
  readonly analysis: Analysis;
  readonly nodes: ResourceListState<AnalysisNode>;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  const confirmDelete = useDeleteConfirmation(hubResources.analysisNodes, {
    goneCountsAsDeleted: true,
  });
  const rows = nodes.data?.data ?? [];
  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
            {t('analyses.nodes.add')}
          </Button>
        </Group>
      )}
      {nodes.isPending ? (
        <BusyIndicator label={t('admin.list.loading')} />
      ) : rows.length === 0 ? (
        <EmptyListText phrase="analyses.overview.noNodes" />
      ) : (
        <ScrollTable minWidth={360} label={t('analyses.nodes.label')}>
          <Table aria-label={t('analyses.nodes.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.fields.name')}</Table.Th>
                <Table.Th scope="col">{t('analyses.nodes.type')}</Table.Th>
                <Table.Th scope="col">{t('analyses.nodes.approval')}</Table.Th>
                <Table.Th scope="col">{t('analyses.nodes.run')}</Table.Th>
                {!readOnly && <Table.Th scope="col">{t('admin.list.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const name = row.node?.name ?? row.node_id;
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Badge variant="outline" size="sm">
                        {row.node?.type ?? ''}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <ApprovalBadge status={row.approval_status} />
                    </Table.Td>
                    <Table.Td>{t(runStatusPhrase(row.run_status))}</Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('analyses.nodes.remove', { name })}
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
      <AddNodesModal
        opened={opened}
        onClose={modal.close}
        analysis={analysis}
        chosen={new Set(rows.map((row) => row.node_id))}
      />
    </Stack>
  );
}
