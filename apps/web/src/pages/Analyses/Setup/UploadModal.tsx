import { ActionIcon, Button, FileButton, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFolder, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hubResources, type AnalysisBucket } from '../../../resources/hub-resources.ts';
import { resourceKey } from '../../../resources/resource-types.ts';
import { useApiClient, useSessionStore } from '../../../session/session-context.tsx';
import { relativePathOf, uploadFile, type UploadHandle, type UploadItem } from './upload-file.ts';

let nextKey = 0;

/**
 * Upload of several files or a whole folder into the CODE bucket: relative paths are kept, each file
 * shows its progress, and cancel stops what is still running. Each stored file is then linked to the
 * analysis bucket (one analysis bucket file per file).
 */
export function UploadModal({
  opened,
  onClose,
  bucket,
}: {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly bucket: AnalysisBucket;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const handles = useRef(new Map<string, UploadHandle>());
  const cancelled = useRef(false);
  const folderInput = useRef<HTMLInputElement>(null);

  const update = (key: string, changes: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  const addFiles = (files: readonly File[]) =>
    setItems((current) => [
      ...current.filter((item) => item.status === 'queued'),
      ...files.map((file) => ({
        key: String(nextKey++),
        file,
        path: relativePathOf(file),
        progress: 0,
        status: 'queued' as const,
      })),
    ]);

  const start = async () => {
    setRunning(true);
    cancelled.current = false;
    const url = api.url('storage', `buckets/${encodeURIComponent(bucket.external_id ?? '')}/upload`);
    for (const item of items.filter((entry) => entry.status === 'queued')) {
      if (cancelled.current) break;
      update(item.key, { status: 'uploading', progress: 0 });
      const handle = uploadFile(url, await session.authorizationHeader(), item, (progress) =>
        update(item.key, { progress }),
      );
      handles.current.set(item.key, handle);
      try {
        const stored = await handle.done;
        await api.post('core', 'analysis-bucket-files', {
          bucket_id: bucket.id,
          external_id: stored.id,
          name: item.path,
        });
        update(item.key, { status: 'uploaded', progress: 100 });
      } catch (error) {
        const aborted = error instanceof DOMException && error.name === 'AbortError';
        update(item.key, {
          status: aborted ? 'cancelled' : 'failed',
          error: aborted ? undefined : (error as Error).message,
        });
      } finally {
        handles.current.delete(item.key);
      }
    }
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analysisBucketFiles) });
  };

  const cancel = () => {
    cancelled.current = true;
    for (const handle of handles.current.values()) handle.abort();
    setItems((current) =>
      current.map((item) => (item.status === 'queued' ? { ...item, status: 'cancelled' } : item)),
    );
  };

  const close = () => {
    if (running) cancel();
    setItems([]);
    onClose();
  };

  const queued = items.filter((item) => item.status === 'queued').length;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('analyses.files.uploadTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('admin.dialog.close') }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <FileButton multiple onChange={(files) => addFiles(files)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                disabled={running}
              >
                {t('analyses.files.chooseFiles')}
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            leftSection={<IconFolder size={16} aria-hidden />}
            disabled={running}
            onClick={() => folderInput.current?.click()}
          >
            {t('analyses.files.chooseFolder')}
          </Button>
          <input
            ref={(element) => {
              folderInput.current = element;
              // Not a React attribute: lets the browser pick a folder and report each file's relative path.
              element?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            multiple
            hidden
            aria-hidden
            tabIndex={-1}
            onChange={(event) => {
              addFiles([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = '';
            }}
          />
        </Group>
        {items.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <li key={item.key}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.path}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {item.status !== 'queued' && item.status !== 'uploading' && (
                      <Text size="xs" c={item.status === 'uploaded' ? 'green' : 'red'}>
                        {t(
                          item.status === 'uploaded'
                            ? 'analyses.files.uploaded'
                            : item.status === 'failed'
                              ? 'analyses.files.uploadFailed'
                              : 'analyses.files.cancelled',
                        )}
                      </Text>
                    )}
                    {item.status === 'queued' && !running && (
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={t('analyses.files.removeFromQueue', { name: item.path })}
                        onClick={() =>
                          setItems((current) => current.filter((other) => other.key !== item.key))
                        }
                      >
                        <IconX size={14} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
                <Progress
                  value={item.progress}
                  size="sm"
                  color={item.status === 'failed' ? 'red' : item.status === 'uploaded' ? 'green' : 'blue'}
                  aria-label={t('analyses.files.progress', { name: item.path })}
                />
                {item.error && (
                  <Text size="xs" c="red">
                    {item.error}
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
        <Group justify="end" gap="xs">
          {running ? (
            <Button color="red.9" variant="outline" onClick={cancel}>
              {t('analyses.files.cancel')}
            </Button>
          ) : (
            <Button variant="default" onClick={close}>
              {t('admin.dialog.close')}
            </Button>
          )}
          <Button onClick={() => void start()} disabled={queued === 0 || running} loading={running}>
            {t('analyses.files.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
