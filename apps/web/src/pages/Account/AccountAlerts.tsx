import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormErrorMessage } from '../../forms/server-errors.tsx';

/** Why a self-service request failed, translated (the invalid fields for a validation error). */
export function AccountFailure({ title, error }: { readonly title: string; readonly error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle aria-hidden />}>
      <FormErrorMessage error={error} />
    </Alert>
  );
}

/** The confirmation after a flow succeeded; announced to screen readers as a status. */
export function AccountSuccess({
  title,
  children,
}: {
  readonly title?: string;
  readonly children: ReactNode;
}) {
  return (
    <Alert color="green" variant="light" role="status" title={title} icon={<IconCircleCheck aria-hidden />}>
      {children}
    </Alert>
  );
}
