import { ActionIcon, Alert, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertCircle, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyIndicator } from '../../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../../components/EmptyListText/EmptyListText.tsx';
import { notify } from '../../../components/Feedback/notify.ts';
import { useDeleteConfirmation } from '../../../components/ResourceList/use-delete-confirmation.tsx';
import { hubResources, type Analysis } from '../../../resources/hub-resources.ts';
import { resourceKey } from '../../../resources/resource-types.ts';
import { useApiClient } from '../../../session/session-context.tsx';
import { failureText } from '../../../api/refusal-text.ts';
import { UploadModal } from './UploadModal.tsx';
import { useCodeBucket, useCodeFiles } from './use-code-bucket.ts';
import { ScrollTable } from '../../../components/ScrollTable/ScrollTable.tsx';

/** The code files of the analysis: upload, delete, and the choice of the entrypoint. */
export function FilesStep({
  analysis,
  readOnly,
}: {
  readonly analysis: Analysis;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [uploadOpened, upload] = useDisclosure(false);
  const bucket = useCodeBucket(analysis.id);
  const files = useCodeFiles(analysis.id, bucket.data?.id);
  const confirmDelete = useDeleteConfirmation(hubResources.analysisBucketFiles, {
    goneCountsAsDeleted: true,
  });

  if (bucket.isPending) return <BusyIndicator label={t('admin.list.loading')} />;
  if (!bucket.data) {
    return (
      <Alert color="orange" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="start">
          {t('analyses.files.noBucket')}
          <Button size="xs" variant="light" onClick={() => void bucket.refetch()}>
            {t('analyses.files.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const rows = files.data?.data ?? [];
  const entrypoint = rows.find((file) => file.root)?.id ?? null;
  const setEntrypoint = async (id: string) => {
    try {
      await api.post('core', `analysis-bucket-files/${encodeURIComponent(id)}`, { root: true });
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analysisBucketFiles) });
    } catch (error) {
      notify(t, {
        color: 'red',
        title: t('admin.form.failed'),
        message: failureText(t as (key: string) => string, error),
      });
    }
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group>
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={upload.open}>
            {t('analyses.files.upload')}
          </Button>
        </Group>
      )}
      {files.isPending ? (
        <BusyIndicator label={t('admin.list.loading')} />
      ) : rows.length === 0 ? (
        <EmptyListText phrase="analyses.files.empty" />
      ) : (
        <Radio.Group
          value={entrypoint}
          onChange={(id) => void setEntrypoint(id)}
          label={t('analyses.files.entrypoint')}
        >
          <ScrollTable minWidth={320} label={t('analyses.files.label')}>
            <Table aria-label={t('analyses.files.label')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analyses.files.entrypoint')}</Table.Th>
                  <Table.Th scope="col">{t('admin.fields.name')}</Table.Th>
                  {!readOnly && <Table.Th scope="col">{t('admin.list.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td>
                      <Radio
                        value={file.id}
                        disabled={readOnly}
                        aria-label={t('analyses.files.setEntrypoint', { name: file.name })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={file.root ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Text>
                    </Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('analyses.files.delete', { name: file.name })}
                          onClick={() => confirmDelete(file, file.name)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Radio.Group>
      )}
      <UploadModal opened={uploadOpened} onClose={upload.close} bucket={bucket.data} />
    </Stack>
  );
}
