import { describe, expect, it } from 'vitest';
import { ApprovalCommand, isApprovalCommandEnabled } from './approval-commands.ts';

describe('isApprovalCommandEnabled', () => {
  it('disables approve once approved', () => {
    expect(isApprovalCommandEnabled(null, ApprovalCommand.APPROVE)).toBe(true);
    expect(isApprovalCommandEnabled(undefined, ApprovalCommand.APPROVE)).toBe(true);
    expect(isApprovalCommandEnabled('rejected', ApprovalCommand.APPROVE)).toBe(true);
    expect(isApprovalCommandEnabled('approved', ApprovalCommand.APPROVE)).toBe(false);
  });

  it('disables reject once rejected and while no status exists', () => {
    expect(isApprovalCommandEnabled('approved', ApprovalCommand.REJECT)).toBe(true);
    expect(isApprovalCommandEnabled('rejected', ApprovalCommand.REJECT)).toBe(false);
    expect(isApprovalCommandEnabled(null, ApprovalCommand.REJECT)).toBe(false);
    expect(isApprovalCommandEnabled(undefined, ApprovalCommand.REJECT)).toBe(false);
  });
});
