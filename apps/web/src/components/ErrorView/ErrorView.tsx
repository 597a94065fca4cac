import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ErrorViewProps {
  readonly status: number;
  readonly message: string;
  readonly description?: string;
  /** Buttons offering a way on, e.g. back to the start page. */
  readonly actions?: ReactNode;
}

/** Status code, status message and description of an error, centred in the page. */
export function ErrorView({ status, message, description, actions }: ErrorViewProps) {
  return (
    <Stack align="center" ta="center" gap="sm" py={64} px="md">
      <Text component="p" m={0} fz={72} fw={800} lh={1} c="indigo.7" data-testid="error-status">
        {status}
      </Text>
      <Title order={1} fz={26}>
        {message}
      </Title>
      {description && (
        <Text c="dimmed" maw={560}>
          {description}
        </Text>
      )}
      {actions}
    </Stack>
  );
}
