import {
  Phrase,
  checkInteger,
  checkName,
  checkText,
  checkUrl,
  collect,
  requiredMessage,
  textOrNull,
  type Message,
} from '../../forms/checks.tsx';
import type { IdentityProvider } from './identity-provider-api.ts';

export const PROTOCOLS = ['oauth2', 'oidc', 'ldap'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export const PRESETS = [
  'facebook',
  'github',
  'gitlab',
  'google',
  'paypal',
  'instagram',
  'stackoverflow',
  'twitter',
] as const;
export type Preset = (typeof PRESETS)[number];

export const isProtocol = (value: unknown): value is Protocol =>
  typeof value === 'string' && (PROTOCOLS as readonly string[]).includes(value);
export const isPreset = (value: unknown): value is Preset =>
  typeof value === 'string' && (PRESETS as readonly string[]).includes(value);

export const LDAP_GROUP_FIELDS = [
  'group_filter',
  'group_base_dn',
  'group_name_attribute',
  'group_class',
  'group_member_attribute',
  'group_member_user_attribute',
] as const;
export const LDAP_USER_FIELDS = [
  'user_filter',
  'user_base_dn',
  'user_name_attribute',
  'user_mail_attribute',
  'user_display_name_attribute',
] as const;
type LdapTextField = (typeof LDAP_GROUP_FIELDS)[number] | (typeof LDAP_USER_FIELDS)[number];

export interface IdentityProviderFormValues extends Record<LdapTextField, string> {
  /** oauth2, oidc, ldap, or whatever a stored provider says (shown as not supported). */
  protocol: string | null;
  preset: Preset | null;
  /** Realm of a new provider (master-realm users pick it); null leaves it to the server. */
  realm_id: string | null;
  name: string;
  display_name: string;
  enabled: boolean;
  client_id: string;
  client_secret: string;
  scope: string;
  token_url: string;
  authorize_url: string;
  user_info_url: string;
  discovery_url: string;
  url: string;
  timeout: number | string;
  start_tls: boolean;
  base_dn: string;
  user: string;
  password: string;
}

const emptyLdapText = Object.fromEntries(
  [...LDAP_GROUP_FIELDS, ...LDAP_USER_FIELDS].map((key) => [key, '']),
) as Record<LdapTextField, string>;

export function initialIdentityProviderValues(
  choice: { protocol?: string | null; preset?: Preset | null } = {},
  realmId: string | null = null,
): IdentityProviderFormValues {
  return {
    ...emptyLdapText,
    protocol: choice.preset ? 'oidc' : (choice.protocol ?? null),
    preset: choice.preset ?? null,
    realm_id: realmId,
    name: '',
    display_name: '',
    enabled: true,
    client_id: '',
    client_secret: '',
    scope: '',
    token_url: '',
    authorize_url: '',
    user_info_url: '',
    discovery_url: '',
    url: '',
    timeout: 0,
    start_tls: true,
    base_dn: '',
    user: '',
    password: '',
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Form values of a stored provider (its secrets stay empty: they are never sent back). */
export function identityProviderToValues(provider: IdentityProvider): IdentityProviderFormValues {
  const values = initialIdentityProviderValues(
    { protocol: provider.protocol ?? null, preset: isPreset(provider.preset) ? provider.preset : null },
    provider.realm_id ?? null,
  );
  const text = Object.fromEntries(
    (
      [
        'client_id',
        'scope',
        'token_url',
        'authorize_url',
        'user_info_url',
        'discovery_url',
        'url',
        'base_dn',
        'user',
        ...LDAP_GROUP_FIELDS,
        ...LDAP_USER_FIELDS,
      ] as const
    ).map((key) => [key, str(provider[key])]),
  );
  return {
    ...values,
    ...text,
    name: provider.name,
    display_name: provider.display_name ?? '',
    enabled: provider.enabled ?? true,
    timeout: typeof provider.timeout === 'number' ? provider.timeout : 0,
    start_tls: provider.start_tls !== false,
  };
}

/** The choice of a tile: a preset sets the protocol (oidc); a protocol clears the preset. */
export function chooseProtocol(protocol: string): Pick<IdentityProviderFormValues, 'protocol' | 'preset'> {
  return { protocol, preset: null };
}
export function choosePreset(preset: Preset): Pick<IdentityProviderFormValues, 'protocol' | 'preset'> {
  return { protocol: 'oidc', preset };
}

function isLdapUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '';
}

/**
 * docs/product/identity-and-access.md §5 "Identity provider", "OAuth2" and "LDAP", as the server checks them.
 */
export function validateIdentityProvider(
  values: IdentityProviderFormValues,
  { creating }: { creating: boolean },
): Record<string, Message> {
  const errors: Record<string, Message> = {};
  // A new provider without a name gets a generated one.
  collect(errors, 'name', checkName(values.name, 3, 128, !creating));
  collect(errors, 'display_name', checkText(values.display_name, { min: 3, max: 256 }));
  if (values.protocol === 'oauth2' || values.protocol === 'oidc') {
    collect(errors, 'client_id', checkText(values.client_id, { required: true, min: 3, max: 128 }));
    collect(errors, 'client_secret', checkText(values.client_secret, { min: 3, max: 128 }));
    collect(errors, 'scope', checkText(values.scope, { min: 3, max: 2000 }));
    if (!values.preset) {
      collect(errors, 'token_url', checkUrl(values.token_url, true));
      collect(errors, 'authorize_url', checkUrl(values.authorize_url, true));
      collect(errors, 'user_info_url', checkUrl(values.user_info_url));
      collect(errors, 'discovery_url', checkUrl(values.discovery_url));
    }
  } else if (values.protocol === 'ldap') {
    if (values.url.trim() === '') errors.url = requiredMessage();
    else if (!isLdapUrl(values.url.trim())) errors.url = <Phrase k="identityProviders.ldapUrlInvalid" />;
    collect(errors, 'timeout', checkInteger(values.timeout, { min: 0, max: 600_000 }));
    collect(errors, 'base_dn', checkText(values.base_dn, { required: true, min: 3, max: 2000 }));
    collect(errors, 'user', checkText(values.user, { required: true, min: 3, max: 2000 }));
    // Editing: an empty password keeps the stored one.
    collect(errors, 'password', checkText(values.password, { required: creating, min: 3, max: 1024 }));
    for (const key of [...LDAP_GROUP_FIELDS, ...LDAP_USER_FIELDS])
      collect(errors, key, checkText(values[key], { max: 2000 }));
  }
  return errors;
}

/** The body of create (`POST identity-providers`) or update; only the chosen protocol's settings. */
export function identityProviderPayload(
  values: IdentityProviderFormValues,
  { creating }: { creating: boolean },
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: textOrNull(values.name),
    display_name: textOrNull(values.display_name),
    enabled: values.enabled,
    protocol: values.protocol,
    preset: values.preset,
  };
  if (values.protocol === 'oauth2' || values.protocol === 'oidc') {
    body.client_id = textOrNull(values.client_id);
    body.client_secret = textOrNull(values.client_secret);
    body.scope = textOrNull(values.scope);
    if (!values.preset) {
      for (const key of ['token_url', 'authorize_url', 'user_info_url', 'discovery_url'] as const)
        body[key] = textOrNull(values[key]);
    }
  } else if (values.protocol === 'ldap') {
    body.url = textOrNull(values.url);
    body.timeout = values.timeout === '' ? 0 : Number(values.timeout);
    body.start_tls = values.start_tls;
    body.base_dn = textOrNull(values.base_dn);
    body.user = textOrNull(values.user);
    body.password = textOrNull(values.password);
    for (const key of [...LDAP_GROUP_FIELDS, ...LDAP_USER_FIELDS]) body[key] = textOrNull(values[key]);
  }
  // Secrets left empty are not sent: nothing to set on create, "unchanged" on update.
  for (const secret of ['client_secret', 'password']) if (body[secret] === null) delete body[secret];
  if (creating) {
    if (values.realm_id) body.realm_id = values.realm_id;
    for (const [key, value] of Object.entries(body)) if (value === null) delete body[key];
  }
  if (!creating && body.name === null) delete body.name;
  return body;
}
