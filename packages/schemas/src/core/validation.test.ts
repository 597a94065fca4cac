import { describe, expect, it } from 'vitest';
import {
  NodeCreateSchema,
  ProjectCreateSchema,
  ProjectNodeUpdateSchema,
  RegistryCreateSchema,
  RegistryProjectCreateSchema,
} from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('core validation (docs/product/analysis-platform.md §5)', () => {
  it('limits project names to 5..100 and descriptions to 5..4096', () => {
    expect(firstMessage(ProjectCreateSchema.safeParse({ name: 'abcd' }))).toBe(
      'This field should be at least 5 characters long',
    );
    expect(firstMessage(ProjectCreateSchema.safeParse({ name: 'a'.repeat(101) }))).toBe(
      'The maximum length allowed is 100',
    );
    expect(firstMessage(ProjectCreateSchema.safeParse({ name: 'abcde', description: 'abcd' }))).toBe(
      'This field should be at least 5 characters long',
    );
    expect(ProjectCreateSchema.safeParse({ name: 'abcde', description: null }).success).toBe(true);
  });

  it('requires an approval status and limits approval comments to 5..2048', () => {
    expect(ProjectNodeUpdateSchema.safeParse({ approval_status: 'approved' }).success).toBe(true);
    expect(firstMessage(ProjectNodeUpdateSchema.safeParse({ approval_status: 'maybe' }))).toBe(
      'The approval status must be approved or rejected.',
    );
    expect(
      firstMessage(ProjectNodeUpdateSchema.safeParse({ approval_status: 'rejected', comment: 'no' })),
    ).toBe('This field should be at least 5 characters long');
    expect(
      firstMessage(
        ProjectNodeUpdateSchema.safeParse({ approval_status: 'rejected', comment: 'x'.repeat(2049) }),
      ),
    ).toBe('The maximum length allowed is 2048');
  });

  it('checks registry lengths', () => {
    const valid = {
      name: 'harbor',
      host: 'harbor.example.org',
      account_name: 'admin',
      account_secret: 'secret',
    };
    expect(RegistryCreateSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(RegistryCreateSchema.safeParse({ ...valid, name: 'ab' }))).toBe(
      'This field should be at least 3 characters long',
    );
    expect(firstMessage(RegistryCreateSchema.safeParse({ ...valid, host: 'h'.repeat(513) }))).toBe(
      'The maximum length allowed is 512',
    );
    expect(firstMessage(RegistryCreateSchema.safeParse({ ...valid, account_secret: 'x'.repeat(257) }))).toBe(
      'The maximum length allowed is 256',
    );
  });

  it('checks registry project names, external names, types and secrets', () => {
    const valid = {
      name: 'abc',
      external_name: 'site_a-1',
      type: 'node',
      registry_id: '8c0d7f5e-2f4a-4b8e-9d0a-3b1c2d4e5f60',
    };
    expect(RegistryProjectCreateSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(RegistryProjectCreateSchema.safeParse({ ...valid, external_name: 'a b c' }))).toBe(
      'Only letters, digits, hyphens and underscores are allowed.',
    );
    expect(RegistryProjectCreateSchema.safeParse({ ...valid, type: 'other' }).success).toBe(false);
    expect(RegistryProjectCreateSchema.safeParse({ ...valid, account_secret: 'weakpass' }).success).toBe(
      false,
    );
    expect(RegistryProjectCreateSchema.safeParse({ ...valid, account_secret: 'Str0ngPass' }).success).toBe(
      true,
    );
  });

  it('checks node names, types and external names', () => {
    expect(NodeCreateSchema.safeParse({ name: 'site', type: 'default' }).success).toBe(true);
    expect(NodeCreateSchema.safeParse({ name: 'site', type: 'incoming' }).success).toBe(false);
    expect(firstMessage(NodeCreateSchema.safeParse({ name: 'si', type: 'default' }))).toBe(
      'This field should be at least 3 characters long',
    );
    expect(
      firstMessage(
        NodeCreateSchema.safeParse({ name: 'site', type: 'default', external_name: 'x'.repeat(65) }),
      ),
    ).toBe('The maximum length allowed is 64');
  });
});
