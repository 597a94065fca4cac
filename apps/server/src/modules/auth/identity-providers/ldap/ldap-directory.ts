import { isIP } from 'node:net';
import { Client, Filter, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapSettings } from '../settings.ts';

/** A directory user whose password was just verified by binding as them. */
export interface LdapUser {
  /** entryUUID when the directory has it (survives renames), else the DN. */
  id: string;
  dn: string;
  name: string | undefined;
  email: string | undefined;
  displayName: string | undefined;
  /** Names of the groups the user is a member of. */
  groups: string[];
  /** The entry's attributes as text, for role mappings on user attributes. */
  attributes: Record<string, string | string[]>;
}

const CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_USER_FILTER = '(uid={username})';

/**
 * Fills a filter template. Every value is escaped per RFC 4515 (`*`, `(`, `)`, `\`, NUL), so a user
 * name like `*)(uid=*` is looked up literally and can never widen the search. `{username}` is the name
 * typed at sign-in; the original's `{{input}}` spelling is accepted too.
 */
export function fillFilter(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{?(\w+)\}?\}/g, (placeholder, key: string) => {
    const name = key === 'input' ? 'username' : key;
    const value = values[name];
    return value === undefined ? placeholder : Filter.escape(value);
  });
}

/** Attribute lookup ignoring case: directories answer `displayName` when asked for `displayname`. */
function attribute(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  if (!key) return [];
  const value = entry[key];
  const values = Array.isArray(value) ? value : [value];
  return values.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : String(item)));
}

const first = (entry: Entry, ...names: (string | undefined)[]) => {
  for (const name of names) {
    const [value] = name ? attribute(entry, name) : [];
    if (value) return value;
  }
  return undefined;
};

function textAttributes(entry: Entry): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'dn' || /password/i.test(key)) continue;
    if (Array.isArray(value)) {
      if (value.every((item) => typeof item === 'string')) result[key] = value as string[];
    } else if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The filter template that finds a user by the name typed at sign-in. */
export function userFilterTemplate(settings: LdapSettings): string {
  const nameAttribute = settings.user_name_attribute ?? 'uid';
  return (
    settings.user_filter ??
    (settings.user_name_attribute ? `(${nameAttribute}={username})` : DEFAULT_USER_FILTER)
  );
}

/**
 * A connection to the directory (StartTLS when configured) bound as the service account. The
 * caller unbinds; a failure to connect or bind unbinds here and throws.
 */
export async function connectAsServiceAccount(settings: LdapSettings): Promise<Client> {
  const client = new Client({
    url: settings.url,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ...(settings.timeout > 0 ? { timeout: settings.timeout } : {}),
  });
  try {
    if (settings.start_tls && settings.url.toLowerCase().startsWith('ldap://')) {
      // Without the host, Node would check the server certificate against "localhost".
      const { hostname } = new URL(settings.url);
      await client.startTLS({ host: hostname, ...(isIP(hostname) ? {} : { servername: hostname }) });
    }
    await client.bind(settings.user, settings.password);
    return client;
  } catch (error) {
    await client.unbind().catch(() => undefined);
    throw error;
  }
}

/**
 * Checks a user name and password against one LDAP directory: binds with the service account,
 * searches the user, binds as the user's DN with the password, then reads the user's groups with
 * the service account again. Returns undefined when the user is unknown, ambiguous or the password
 * wrong; throws when the directory cannot be reached or refuses the service account.
 * The passwords are only ever handed to the LDAP bind, never logged or kept.
 */
export async function authenticateLdapUser(
  settings: LdapSettings,
  username: string,
  password: string,
): Promise<LdapUser | undefined> {
  // An empty password would be an "unauthenticated bind", which directories accept (RFC 4513 §5.1.2).
  if (!username || !password) return undefined;

  const client = await connectAsServiceAccount(settings);
  try {
    const nameAttribute = settings.user_name_attribute ?? 'uid';
    const { searchEntries } = await client.search(settings.user_base_dn ?? settings.base_dn, {
      scope: 'sub',
      filter: fillFilter(userFilterTemplate(settings), { username }),
      attributes: ['*', 'entryUUID'],
    });
    // More than one match means the filter does not identify a user: refuse rather than guess.
    if (searchEntries.length !== 1) return undefined;
    const entry = searchEntries[0]!;

    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return undefined;
      throw error;
    }

    await client.bind(settings.user, settings.password);
    const groups = await findGroups(client, settings, entry, username);
    return {
      id: first(entry, 'entryUUID') ?? entry.dn,
      dn: entry.dn,
      name: first(entry, nameAttribute),
      email: first(entry, settings.user_mail_attribute ?? 'mail'),
      displayName: first(entry, settings.user_display_name_attribute ?? 'displayName', 'cn'),
      groups,
      attributes: textAttributes(entry),
    };
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Group names of a user. Without a `group_filter`, groups are those whose member attribute
 * (`member` by default) holds the user's DN (or the value of `group_member_user_attribute`, e.g.
 * `uid` for posixGroup/memberUid), limited to `group_class` when one is set.
 */
async function findGroups(
  client: Client,
  settings: LdapSettings,
  entry: Entry,
  username: string,
): Promise<string[]> {
  const memberUserAttribute = settings.group_member_user_attribute ?? 'dn';
  const member = memberUserAttribute.toLowerCase() === 'dn' ? entry.dn : first(entry, memberUserAttribute);
  if (!member) return [];
  const memberAttribute = settings.group_member_attribute ?? 'member';
  const byMember = `(${memberAttribute}={member})`;
  const template =
    settings.group_filter ??
    (settings.group_class ? `(&(objectClass=${settings.group_class})${byMember})` : byMember);
  const nameAttribute = settings.group_name_attribute ?? 'cn';
  const { searchEntries } = await client.search(settings.group_base_dn ?? settings.base_dn, {
    scope: 'sub',
    filter: fillFilter(template, { member, dn: entry.dn, username }),
    attributes: [nameAttribute],
  });
  return searchEntries.flatMap((group) => attribute(group, nameAttribute));
}
