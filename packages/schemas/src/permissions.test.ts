import { describe, expect, it } from 'vitest';
import {
  IDENTITY_PERMISSION_NAMES,
  PERMISSION_NAMES,
  PLATFORM_PERMISSION_NAMES,
  PermissionName,
  PermissionNameSchema,
  isPermissionName,
} from './permissions.ts';

describe('identity permission names', () => {
  const entities = ['client', 'identity_provider', 'permission', 'realm', 'robot', 'role', 'scope', 'user'];

  it.each(entities)('has create, read, update and delete for %s', (entity) => {
    for (const verb of ['create', 'read', 'update', 'delete']) {
      expect(IDENTITY_PERMISSION_NAMES).toContain(`${entity}_${verb}`);
    }
  });

  it('has the self-management permissions', () => {
    expect(IDENTITY_PERMISSION_NAMES).toEqual(
      expect.arrayContaining(['client_self_manage', 'robot_self_manage', 'user_self_update']),
    );
  });

  // The exact verbs of the original; an assignment never has more than these.
  const assignments: Record<string, string[]> = {
    client_permission: ['create', 'delete', 'read'],
    client_role: ['create', 'delete', 'update', 'read'],
    client_scope: ['create', 'delete'],
    identity_provider_role: ['create', 'delete', 'update'],
    robot_permission: ['create', 'delete', 'read'],
    robot_role: ['create', 'delete', 'update', 'read'],
    role_permission: ['create', 'delete', 'read'],
    user_permission: ['create', 'delete', 'read'],
    user_role: ['create', 'delete', 'update', 'read'],
  };

  it.each(Object.entries(assignments))('has exactly the verbs of assignment %s', (name, verbs) => {
    const found = IDENTITY_PERMISSION_NAMES.filter(
      (n) => /^(create|read|update|delete)$/.test(n.slice(name.length + 1)) && n.startsWith(`${name}_`),
    ).map((n) => n.slice(name.length + 1));
    expect(found.sort()).toEqual([...verbs].sort());
  });

  it('has nothing beyond CRUD, self-management and the assignments', () => {
    expect(IDENTITY_PERMISSION_NAMES).toHaveLength(
      entities.length * 4 + 3 + Object.values(assignments).flat().length,
    );
  });
});

describe('platform permission names', () => {
  it('lists every name of the analysis platform spec', () => {
    expect([...PLATFORM_PERMISSION_NAMES].sort()).toEqual(
      [
        'event_create',
        'event_read',
        'event_delete',
        'bucket_create',
        'bucket_update',
        'bucket_delete',
        'log_create',
        'log_read',
        'log_delete',
        'project_create',
        'project_update',
        'project_delete',
        'project_approve',
        'registry_manage',
        'registry_project_manage',
        'node_create',
        'node_update',
        'node_delete',
        'analysis_create',
        'analysis_update',
        'analysis_delete',
        'analysis_approve',
        'analysis_execution_start',
        'analysis_execution_stop',
        'analysis_result_read',
        'analysis_self_message_broker_use',
        'analysis_self_storage_use',
        'master_image_manage',
        'master_image_group_manage',
        'service_manage',
      ].sort(),
    );
  });
});

describe('all permission names', () => {
  it('are unique, snake_case and satisfy the permission name rule (3-128)', () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    for (const name of PERMISSION_NAMES) {
      expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(name.length).toBeGreaterThanOrEqual(3);
      expect(name.length).toBeLessThanOrEqual(128);
    }
  });

  it('combine both sets without overlap', () => {
    expect(PERMISSION_NAMES).toHaveLength(
      IDENTITY_PERMISSION_NAMES.length + PLATFORM_PERMISSION_NAMES.length,
    );
    expect(Object.keys(PermissionName)).toHaveLength(PERMISSION_NAMES.length);
    expect(PermissionName.USER_ROLE_UPDATE).toBe('user_role_update');
    expect(PermissionName.ANALYSIS_SELF_STORAGE_USE).toBe('analysis_self_storage_use');
  });

  it('recognise built-in names only', () => {
    expect(isPermissionName('realm_read')).toBe(true);
    expect(isPermissionName('realm_manage')).toBe(false);
    expect(isPermissionName(42)).toBe(false);
    expect(PermissionNameSchema.safeParse('service_manage').success).toBe(true);
    expect(PermissionNameSchema.safeParse('client_scope_update').success).toBe(false);
  });
});
