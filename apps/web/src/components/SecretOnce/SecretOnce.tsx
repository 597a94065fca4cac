import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { CopyValueButton } from '../CopyValueButton/CopyValueButton.tsx';

export interface SecretOnceProps {
  /** What the value is, e.g. "New secret of the robot" (also names the copy button). */
  readonly label: string;
  readonly value: string;
  /** Why it matters that it is copied now (shown as a warning above the value). */
  readonly warning: string;
  /** Offers a download of the value under this file name. */
  readonly downloadName?: string;
  readonly downloadLabel?: string;
}

/** Saves `text` as a file through a temporary object URL. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * A value shown this once (a new robot secret, a private key): the warning, the value in full, a
 * copy button with 1.5 s of feedback, and optionally a download.
 */
export function SecretOnce({ label, value, warning, downloadName, downloadLabel }: SecretOnceProps) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="default" icon={<IconAlertTriangle aria-hidden />} role="status">
        {warning}
      </Alert>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Code block aria-label={label} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <Group gap="xs">
        <CopyValueButton value={value} name={label} />
        {downloadName && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(downloadName, value)}
          >
            {downloadLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
