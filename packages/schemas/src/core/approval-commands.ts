import { ApprovalStatus } from './constants.ts';

/**
 * What a node operator can do with a request of a project or an analysis (docs/product/analysis-platform.md
 * §4, Approval).
 */
export const ApprovalCommand = { APPROVE: 'approve', REJECT: 'reject' } as const;
export type ApprovalCommand = (typeof ApprovalCommand)[keyof typeof ApprovalCommand];

/**
 * Whether an approval command is offered for a request in its current status
 * (docs/product/analysis-platform.md §4): approve is disabled once approved; reject is disabled once rejected
 * and while no status exists yet. Shared by the web app's approve/reject buttons of project nodes and
 * analysis nodes.
 */
export function isApprovalCommandEnabled(
  status: string | null | undefined,
  command: ApprovalCommand,
): boolean {
  if (command === ApprovalCommand.APPROVE) return status !== ApprovalStatus.APPROVED;
  return !!status && status !== ApprovalStatus.REJECTED;
}
