import { ApprovalCommand, ApprovalStatus, isApprovalCommandEnabled } from '@federa/schemas';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconMessage, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/refusal-text.ts';
import { maxLength, minLength, textRules } from '../../forms/rules.tsx';
import { resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { useConfirm } from '../Confirm/use-confirm.tsx';
import { notify } from '../Feedback/notify.ts';

export interface ApprovalActionsProps {
  /** `project-nodes` or `analysis-nodes`. */
  readonly resource: ResourceRef;
  readonly id: string;
  /** What is being approved, for labels and the reject question. */
  readonly name: string;
  readonly status: string | null | undefined;
  readonly comment: string | null | undefined;
  /** The caller holds the approval permission; without it the buttons are not shown. */
  readonly allowed: boolean;
}

/** The comment may be empty; otherwise 5-2048 characters (docs/product/analysis-platform.md §5). */
const commentRule = textRules(minLength(5), maxLength(2048));

/**
 * Comment, approve and reject of a request to a node. Approve is disabled once approved; reject once
 * rejected and while there is no decision yet. Rejecting asks first. The comment is kept.
 */
export function ApprovalActions({ resource, id, name, status, comment, allowed }: ApprovalActionsProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [opened, { open, close }] = useDisclosure(false);
  const [draft, setDraft] = useState(comment ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  // The decision just made, shown until the list brings the record's new status (whatever it is):
  // without it the buttons would come back enabled for a moment between the answer and the refetch.
  const [decided, setDecided] = useState<{ approval: string; over: typeof status } | null>(null);
  if (!allowed) return null;
  const draftError = commentRule(draft.trim());

  const decide = async (approval: string, text: string | null | undefined) => {
    setBusy(approval);
    try {
      await api.post(resource.service, `${resource.path}/${encodeURIComponent(id)}`, {
        approval_status: approval,
        comment: text?.trim() ? text.trim() : null,
      });
      setDecided({ approval, over: status });
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      notify(t, {
        color: approval === ApprovalStatus.APPROVED ? 'green' : 'orange',
        message: t(
          approval === ApprovalStatus.APPROVED
            ? 'projects.approval.approvedDone'
            : 'projects.approval.rejectedDone',
        ),
      });
      close();
    } catch (error) {
      notify(t, {
        color: 'red',
        title: t('projects.approval.failed'),
        message: failureText(t as (key: string) => string, error),
      });
    } finally {
      setBusy(null);
    }
  };
  const reject = (text: string | null | undefined) =>
    confirm({
      title: t('projects.approval.reject'),
      message: t('projects.approval.rejectConfirm', { name }),
      confirmLabel: t('projects.approval.reject'),
      onConfirm: () => decide(ApprovalStatus.REJECTED, text),
    });

  const shown = decided && decided.over === status ? decided.approval : status;
  const canApprove = isApprovalCommandEnabled(shown, ApprovalCommand.APPROVE);
  const canReject = isApprovalCommandEnabled(shown, ApprovalCommand.REJECT);
  const buttons = (text: string | null | undefined, disabled: boolean) => (
    <>
      <Button
        size="xs"
        color="teal.9"
        leftSection={<IconCheck size={14} aria-hidden />}
        disabled={!canApprove || disabled}
        loading={busy === ApprovalStatus.APPROVED}
        onClick={() => void decide(ApprovalStatus.APPROVED, text)}
      >
        {t('projects.approval.approve')}
      </Button>
      <Button
        size="xs"
        color="red.9"
        variant="outline"
        leftSection={<IconX size={14} aria-hidden />}
        disabled={!canReject || disabled}
        loading={busy === ApprovalStatus.REJECTED}
        onClick={() => reject(text)}
      >
        {t('projects.approval.reject')}
      </Button>
    </>
  );

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMessage size={14} aria-hidden />}
          onClick={() => {
            setDraft(comment ?? '');
            open();
          }}
        >
          {t('projects.approval.comment')}
        </Button>
        {buttons(comment, false)}
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={t('projects.approval.commentTitle', { name })}
        closeButtonProps={{ 'aria-label': t('admin.dialog.close') }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('projects.approval.comment')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={draft.trim() ? draftError : null}
            rows={4}
            data-autofocus
          />
          <Group gap="xs">{buttons(draft, !!draftError)}</Group>
        </Stack>
      </Modal>
    </>
  );
}
