import { identityText, identityUrl } from '@federa/schemas';
import type { ValidationIssue } from '@federa/schemas';
import { z } from 'zod';
import type { Row } from '#platform/http/resource/index.ts';
import {
  PRESET_ENDPOINTS,
  STANDARD_PROFILE,
  type IdentityProviderPreset,
  type ProfilePaths,
  type TokenEndpointAuthMethod,
} from './presets.ts';

/*
 * Protocol settings of an identity provider. The API shows them as flat fields beside name and
 * protocol; the database keeps them in the `config` jsonb column of `auth_identity_providers`.
 */

export const IDENTITY_PROVIDER_PROTOCOLS = ['oauth2', 'oidc', 'ldap'] as const;
export type IdentityProviderProtocol = (typeof IDENTITY_PROVIDER_PROTOCOLS)[number];

const REQUIRED = 'This field is required';

/**
 * Attribute names, filters and DNs: no rule of their own (docs/product/identity-and-access.md §5), only a
 * sane length.
 */
const freeText = () => z.string().trim().max(2000, 'The maximum length allowed is 2000').nullish();

const ldapUrl = z
  .string()
  .trim()
  .max(2000, 'The maximum length allowed is 2000')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const parsed = new URL(value);
    return (parsed.protocol === 'ldap:' || parsed.protocol === 'ldaps:') && parsed.hostname !== '';
  }, 'The value must be an ldap:// or ldaps:// URL');

export const OAUTH2_FIELDS = {
  client_id: identityText(3, 128).nullish(),
  client_secret: identityText(3, 128).nullish(),
  scope: identityText(3, 2000).nullish(),
  token_url: identityUrl().nullish(),
  authorize_url: identityUrl().nullish(),
  user_info_url: identityUrl().nullish(),
  /** OpenID Connect discovery document; when set, ID tokens are verified against the provider's keys. */
  discovery_url: identityUrl().nullish(),
  token_endpoint_auth_method: z
    .enum(['client_secret_basic', 'client_secret_post'], {
      error: 'The value must be client_secret_basic or client_secret_post',
    })
    .nullish(),
};

export const LDAP_FIELDS = {
  url: ldapUrl.nullish(),
  /** Milliseconds an LDAP operation may take; 0 waits for ever. */
  timeout: z.coerce
    .number({ error: 'The value must be a number' })
    .min(0, 'The value must be at least 0')
    .max(600_000, 'The value must be at most 600000')
    .nullish(),
  start_tls: z.boolean().nullish(),
  base_dn: identityText(3, 2000).nullish(),
  user: identityText(3, 2000).nullish(),
  password: identityText(3, 1024).nullish(),
  group_filter: freeText(),
  group_base_dn: freeText(),
  group_name_attribute: freeText(),
  group_class: freeText(),
  group_member_attribute: freeText(),
  group_member_user_attribute: freeText(),
  user_filter: freeText(),
  user_base_dn: freeText(),
  user_name_attribute: freeText(),
  user_mail_attribute: freeText(),
  user_display_name_attribute: freeText(),
};

const OAUTH2_KEYS = Object.keys(OAUTH2_FIELDS);
const LDAP_KEYS = Object.keys(LDAP_FIELDS);
const SETTING_KEYS: readonly string[] = [...OAUTH2_KEYS, ...LDAP_KEYS];

/** Write-only settings: stored, never sent back, kept when an update leaves them empty. */
export const SECRET_SETTING_KEYS: readonly string[] = ['client_secret', 'password'];

/** Settings a preset supplies itself; a preset provider neither stores nor shows them. */
const PRESET_SUPPLIED_KEYS: readonly string[] = [
  'authorize_url',
  'token_url',
  'user_info_url',
  'discovery_url',
  'token_endpoint_auth_method',
];

/** A preset always speaks `oidc`; otherwise the protocol given. */
export function effectiveProtocol(protocol: unknown, preset: unknown): IdentityProviderProtocol | undefined {
  if (typeof preset === 'string') return 'oidc';
  return typeof protocol === 'string' ? (protocol as IdentityProviderProtocol) : undefined;
}

/**
 * The rules that depend on the protocol: which settings are required. `provider` is the whole
 * provider as it would be stored, with flat settings (for updates: the stored record merged with
 * the changes).
 */
export function protocolIssues(provider: Row): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const require = (key: string) => {
    if (provider[key] === undefined || provider[key] === null)
      issues.push({ path: key, code: 'custom', message: REQUIRED });
  };
  if (
    typeof provider.preset === 'string' &&
    typeof provider.protocol === 'string' &&
    provider.protocol !== 'oidc'
  ) {
    issues.push({ path: 'protocol', code: 'custom', message: 'A preset requires the protocol oidc.' });
  }
  const protocol = effectiveProtocol(provider.protocol, provider.preset);
  if (!protocol) require('protocol');
  else if (protocol === 'ldap') ['url', 'base_dn', 'user', 'password'].forEach(require);
  else {
    require('client_id');
    if (typeof provider.preset !== 'string') ['token_url', 'authorize_url'].forEach(require);
  }
  return issues;
}

/**
 * The `config` to store: only the settings of the protocol (another protocol's leftovers and
 * preset-supplied endpoints are dropped), empty values left out, LDAP defaults filled in.
 */
export function buildConfig(protocol: IdentityProviderProtocol, preset: unknown, settings: Row): Row {
  const keys = protocol === 'ldap' ? LDAP_KEYS : OAUTH2_KEYS;
  const config: Row = {};
  for (const key of keys) {
    const value = settings[key];
    if (value === undefined || value === null) continue;
    if (typeof preset === 'string' && PRESET_SUPPLIED_KEYS.includes(key)) continue;
    config[key] = value;
  }
  if (protocol === 'ldap') {
    config.timeout ??= 0;
    config.start_tls ??= true;
  }
  return config;
}

/** Splits an API body into the provider's own columns and its protocol settings. */
export function splitSettings(body: Row): { columns: Row; settings: Row } {
  const columns: Row = {};
  const settings: Row = {};
  for (const [key, value] of Object.entries(body))
    (SETTING_KEYS.includes(key) ? settings : columns)[key] = value;
  return { columns, settings };
}

/** A stored provider as the API shows it: settings flat, secrets left out. */
export function presentIdentityProvider(row: Row): Row {
  const { config, ...columns } = row;
  if (!config || typeof config !== 'object') return columns;
  const visible = Object.fromEntries(
    Object.entries(config as Row).filter(([key]) => !SECRET_SETTING_KEYS.includes(key)),
  );
  return { ...visible, ...columns };
}

export interface OAuth2Settings {
  protocol: 'oauth2' | 'oidc';
  client_id: string;
  client_secret: string | undefined;
  scope: string | undefined;
  authorize_url: string;
  token_url: string;
  user_info_url: string | undefined;
  discovery_url: string | undefined;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  profile: ProfilePaths;
}

const optional = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** What the upstream sign-in needs of a stored OAuth2/OIDC provider, preset endpoints filled in. */
export function readOAuth2Settings(provider: {
  protocol: string | null;
  preset: string | null;
  config: unknown;
}): OAuth2Settings {
  const config = (provider.config ?? {}) as Row;
  const preset = provider.preset ? PRESET_ENDPOINTS[provider.preset as IdentityProviderPreset] : undefined;
  const protocol = effectiveProtocol(provider.protocol, provider.preset) === 'oauth2' ? 'oauth2' : 'oidc';
  return {
    protocol,
    client_id: String(config.client_id ?? ''),
    client_secret: optional(config.client_secret),
    scope:
      optional(config.scope) ?? preset?.scope ?? (protocol === 'oidc' ? 'openid profile email' : undefined),
    authorize_url: preset?.authorize_url ?? String(config.authorize_url ?? ''),
    token_url: preset?.token_url ?? String(config.token_url ?? ''),
    user_info_url: preset ? preset.user_info_url : optional(config.user_info_url),
    discovery_url: preset ? preset.discovery_url : optional(config.discovery_url),
    token_endpoint_auth_method:
      preset?.token_endpoint_auth_method ??
      (config.token_endpoint_auth_method as TokenEndpointAuthMethod | undefined) ??
      'client_secret_basic',
    profile: preset?.profile ?? STANDARD_PROFILE,
  };
}

export interface LdapSettings {
  url: string;
  /** milliseconds; 0 = no limit */
  timeout: number;
  start_tls: boolean;
  base_dn: string;
  user: string;
  password: string;
  user_filter: string | undefined;
  user_base_dn: string | undefined;
  user_name_attribute: string | undefined;
  user_mail_attribute: string | undefined;
  user_display_name_attribute: string | undefined;
  group_filter: string | undefined;
  group_base_dn: string | undefined;
  group_name_attribute: string | undefined;
  group_class: string | undefined;
  group_member_attribute: string | undefined;
  group_member_user_attribute: string | undefined;
}

/** What the LDAP sign-in needs of a stored LDAP provider. */
export function readLdapSettings(configValue: unknown): LdapSettings {
  const config = (configValue ?? {}) as Row;
  return {
    url: String(config.url ?? ''),
    timeout: typeof config.timeout === 'number' ? config.timeout : 0,
    start_tls: config.start_tls !== false,
    base_dn: String(config.base_dn ?? ''),
    user: String(config.user ?? ''),
    password: String(config.password ?? ''),
    user_filter: optional(config.user_filter),
    user_base_dn: optional(config.user_base_dn),
    user_name_attribute: optional(config.user_name_attribute),
    user_mail_attribute: optional(config.user_mail_attribute),
    user_display_name_attribute: optional(config.user_display_name_attribute),
    group_filter: optional(config.group_filter),
    group_base_dn: optional(config.group_base_dn),
    group_name_attribute: optional(config.group_name_attribute),
    group_class: optional(config.group_class),
    group_member_attribute: optional(config.group_member_attribute),
    group_member_user_attribute: optional(config.group_member_user_attribute),
  };
}
