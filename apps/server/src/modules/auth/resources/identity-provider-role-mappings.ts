import { IdentityPermissionName as P, optionalIdentityText, identityId } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '#platform/db/index.ts';
import { HttpError, validationFailed } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { identityProviderRoleMappings, identityProviders, roles } from '../db/identity.ts';
import { assertHoldsAllPermissionsOfRole } from '../permissions/escalation.ts';
import { defined } from './helpers.ts';

const SYNCHRONIZATION_MODES = ['once', 'always'] as const;

const editable = {
  /** Claim path (`groups`, `realm_access.roles.*`); without name and value the role is always given. */
  name: optionalIdentityText(3, 32),
  value: optionalIdentityText(3, 128),
  value_is_regex: z.boolean().optional(),
  synchronization_mode: z
    .enum(SYNCHRONIZATION_MODES, { error: 'The value must be once or always' })
    .nullish(),
};

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}

/** A regex value must compile, or every sign-in would silently skip the mapping. */
function assertValidValue(mapping: Row): void {
  if (mapping.value_is_regex === true && typeof mapping.value === 'string' && !isValidRegex(mapping.value)) {
    throw validationFailed([
      { path: 'value', code: 'custom', message: 'The value is not a valid regular expression.' },
    ]);
  }
}

const referenceMissing = (what: string) =>
  new HttpError(400, 'entity_reference_invalid', `The ${what} does not exist.`);

async function findReferences(db: Executor, providerId: string, roleId: string) {
  const [provider] = await db
    .select({ realm_id: identityProviders.realm_id })
    .from(identityProviders)
    .where(eq(identityProviders.id, providerId));
  if (!provider) throw referenceMissing('identity provider');
  const [role] = await db.select({ realm_id: roles.realm_id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw referenceMissing('role');
  return { provider, role };
}

/**
 * Which role a user signing in through an identity provider receives, depending on the provider's
 * claims (OAuth2/OIDC) or LDAP groups (claim `groups`). Both sides' realms are stored with the mapping,
 * so realm isolation and the policies see them.
 */
export const identityProviderRoleMappingResource: ResourceDefinition = {
  path: 'identity-provider-role-mappings',
  entityType: 'identityProviderRoleMapping',
  label: 'identity provider role mapping',
  table: identityProviderRoleMappings,
  query: defineResourceQuery({
    table: identityProviderRoleMappings,
    fields: {
      default: [
        'id',
        'provider_id',
        'provider_realm_id',
        'role_id',
        'role_realm_id',
        'name',
        'value',
        'value_is_regex',
        'synchronization_mode',
        'created_at',
        'updated_at',
      ],
    },
    filters: [
      'id',
      'provider_id',
      'provider_realm_id',
      'role_id',
      'role_realm_id',
      'name',
      'synchronization_mode',
    ],
    sorts: ['name', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      provider: {
        table: identityProviders,
        localKey: 'provider_id',
        foreignKey: 'id',
        fields: ['id', 'name', 'display_name', 'realm_id'],
      },
      role: {
        table: roles,
        localKey: 'role_id',
        foreignKey: 'id',
        fields: ['id', 'name', 'display_name', 'realm_id'],
      },
    },
  }),
  permissions: {
    read: [
      P.IDENTITY_PROVIDER_READ,
      P.IDENTITY_PROVIDER_ROLE_CREATE,
      P.IDENTITY_PROVIDER_ROLE_UPDATE,
      P.IDENTITY_PROVIDER_ROLE_DELETE,
    ],
    create: [P.IDENTITY_PROVIDER_ROLE_CREATE],
    update: [P.IDENTITY_PROVIDER_ROLE_UPDATE],
    delete: [P.IDENTITY_PROVIDER_ROLE_DELETE],
  },
  createSchema: z.object({ ...editable, provider_id: identityId(), role_id: identityId() }).strict(),
  // Provider and role are what a mapping is; to point it elsewhere, delete it and create another.
  updateSchema: z.object(editable).partial().strict(),
  realmColumn: identityProviderRoleMappings.provider_realm_id,
  realmsOf: (row) =>
    [...new Set([row.provider_realm_id, row.role_realm_id])].filter(
      (realm): realm is string => typeof realm === 'string',
    ),
  hooks: {
    prepareCreate: async (input, { request, db }) => {
      assertValidValue(input);
      const { provider, role } = await findReferences(
        db,
        input.provider_id as string,
        input.role_id as string,
      );
      if (role.realm_id !== null && role.realm_id !== provider.realm_id) {
        throw validationFailed([
          {
            path: 'role_id',
            code: 'custom',
            message: 'The role must be global or of the realm of the identity provider.',
          },
        ]);
      }
      await assertHoldsAllPermissionsOfRole(db, request, input.role_id as string);
      return {
        ...input,
        value_is_regex: input.value_is_regex ?? false,
        synchronization_mode: input.synchronization_mode ?? 'always',
        provider_realm_id: provider.realm_id,
        role_realm_id: role.realm_id,
      };
    },
    prepareUpdate: (existing, input) => {
      assertValidValue({ ...existing, ...input });
      return defined({ ...input, synchronization_mode: input.synchronization_mode ?? undefined });
    },
  },
};
