import { IdentityPermissionName as P, identityName, optionalIdentityText, identityId } from '@federa/schemas';
import { z } from 'zod';
import { validationFailed } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { generateName } from '../crypto/secrets.ts';
import { identityProviders, realms } from '../db/identity.ts';
import { IDENTITY_PROVIDER_PRESETS } from '../identity-providers/presets.ts';
import {
  buildConfig,
  effectiveProtocol,
  IDENTITY_PROVIDER_PROTOCOLS,
  LDAP_FIELDS,
  OAUTH2_FIELDS,
  presentIdentityProvider,
  protocolIssues,
  SECRET_SETTING_KEYS,
  splitSettings,
  type IdentityProviderProtocol,
} from '../identity-providers/settings.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';

const editable = {
  name: identityName(3, 128).nullish(),
  display_name: optionalIdentityText(3, 256),
  enabled: z.boolean().optional(),
  protocol: z
    .enum(IDENTITY_PROVIDER_PROTOCOLS, { error: 'The value must be oauth2, oidc or ldap' })
    .nullish(),
  preset: z.enum(IDENTITY_PROVIDER_PRESETS, { error: 'The value is not a known preset' }).nullish(),
  ...OAUTH2_FIELDS,
  ...LDAP_FIELDS,
};

/**
 * Identity providers (docs/product/identity-and-access.md §3): OAuth2/OIDC upstream sign-in or LDAP
 * directories. Anyone may list their names and protocols (the sign-in page does); their settings
 * need the read permission, and secrets are write-only and never leave the server: they are stored
 * encrypted (SecretBox), and a secret stored before encryption existed is encrypted on the next write.
 */
export const identityProviderResource = (secrets: SecretBox): ResourceDefinition => ({
  path: 'identity-providers',
  entityType: 'identityProvider',
  label: 'identity provider',
  table: identityProviders,
  query: defineResourceQuery({
    table: identityProviders,
    fields: {
      default: [
        'id',
        'name',
        'display_name',
        'protocol',
        'preset',
        'enabled',
        'config',
        'realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'display_name', 'protocol', 'preset', 'enabled', 'realm_id'],
    search: ['name', 'display_name'],
    sorts: ['name', 'display_name', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
        filters: ['name'],
      },
    },
  }),
  // A sign-in page names these before anyone signs in; their configuration needs read.
  permissions: {
    read: [P.IDENTITY_PROVIDER_READ, P.IDENTITY_PROVIDER_UPDATE, P.IDENTITY_PROVIDER_DELETE],
    create: [P.IDENTITY_PROVIDER_CREATE],
    update: [P.IDENTITY_PROVIDER_UPDATE],
    delete: [P.IDENTITY_PROVIDER_DELETE],
  },
  createSchema: z
    .object({ ...editable, realm_id: identityId().optional() })
    .strict()
    // The protocol-dependent rules, reported as field issues like every other rule.
    .superRefine((body, context) => {
      for (const issue of protocolIssues(body))
        context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }),
  updateSchema: z.object(editable).partial().strict(),
  realmColumn: identityProviders.realm_id,
  lookup: idOrNameLookup(identityProviders),
  allowPut: true,
  // A sign-in page lists the enabled providers of a realm by name, so whether one is enabled is public too.
  publicFields: ['id', 'name', 'display_name', 'protocol', 'realm_id', 'enabled'],
  hooks: {
    prepareCreate: async (input, { request }) => {
      const { columns, settings } = splitSettings(input);
      const protocol = effectiveProtocol(columns.protocol, columns.preset)!;
      return {
        name: columns.name ?? generateName(),
        display_name: columns.display_name ?? null,
        enabled: columns.enabled ?? true,
        protocol,
        preset: columns.preset ?? null,
        config: await secrets.sealSettings(
          buildConfig(protocol, columns.preset, settings),
          SECRET_SETTING_KEYS,
          {
            force: true,
          },
        ),
        realm_id: realmForCreate(request, input),
      };
    },
    prepareUpdate: async (existing, input) => {
      const { columns, settings } = splitSettings(input);
      const preset = columns.preset !== undefined ? columns.preset : existing.preset;
      const protocol = columns.protocol ?? (columns.preset ? undefined : existing.protocol);
      // An empty secret in an edit form means "unchanged": the stored one is kept.
      const changes = Object.fromEntries(
        Object.entries(settings).filter(
          ([key, value]) => !(SECRET_SETTING_KEYS.includes(key) && value == null),
        ),
      );
      // New secrets are encrypted whatever they look like; stored ones stay, plain ones get encrypted.
      const merged = await secrets.sealSettings(
        {
          ...(existing.config as Row),
          ...(await secrets.sealSettings(changes, SECRET_SETTING_KEYS, { force: true })),
        },
        SECRET_SETTING_KEYS,
      );
      const issues = protocolIssues({ ...merged, protocol, preset });
      if (issues.length > 0) throw validationFailed(issues);
      const effective = effectiveProtocol(protocol, preset) as IdentityProviderProtocol;
      return defined({
        name: columns.name ?? undefined,
        display_name: columns.display_name,
        enabled: columns.enabled,
        protocol: effective,
        preset: preset ?? null,
        config: buildConfig(effective, preset, merged),
      });
    },
    toResponse: presentIdentityProvider,
  },
});
