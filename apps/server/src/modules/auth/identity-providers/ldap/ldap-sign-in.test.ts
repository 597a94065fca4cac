import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { identityProviderAccounts, users } from '../../db/identity.ts';
import { createRealm, createRole, roleNamesOf } from '../identity-providers.test-support.ts';
import { SLAPD_SUFFIX, slapdAvailable, startSlapd, type SlapdServer } from './slapd.test-support.ts';

const SERVICE_DN = `cn=service,${SLAPD_SUFFIX}`;
const SERVICE_PASSWORD = 'service-pass';

const entry = (lines: string[]) => lines.join('\n');
const person = (uid: string, name: string, password: string, extra: string[] = []) =>
  entry([
    `dn: uid=${uid},ou=people,${SLAPD_SUFFIX}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${name}`,
    `sn: ${name.split(' ').pop()}`,
    `userPassword: ${password}`,
    ...extra,
  ]);
const group = (name: string, members: string[]) =>
  entry([
    `dn: cn=${name},ou=groups,${SLAPD_SUFFIX}`,
    'objectClass: groupOfNames',
    `cn: ${name}`,
    ...members.map((uid) => `member: uid=${uid},ou=people,${SLAPD_SUFFIX}`),
  ]);

const LDIF = [
  entry([
    `dn: ${SLAPD_SUFFIX}`,
    'objectClass: dcObject',
    'objectClass: organization',
    'o: Example',
    'dc: example',
  ]),
  entry([`dn: ou=people,${SLAPD_SUFFIX}`, 'objectClass: organizationalUnit', 'ou: people']),
  entry([`dn: ou=groups,${SLAPD_SUFFIX}`, 'objectClass: organizationalUnit', 'ou: groups']),
  entry([
    `dn: ${SERVICE_DN}`,
    'objectClass: organizationalRole',
    'objectClass: simpleSecurityObject',
    'cn: service',
    `userPassword: ${SERVICE_PASSWORD}`,
  ]),
  person('alice', 'Alice Liddell', 'alice-pass', ['mail: alice@example.org', 'displayName: Alice L.']),
  person('bob', 'Bob Builder', 'bob-pass', ['mail: bob@example.org']),
  person('admin', 'Directory Admin', 'directory-admin-pass'),
  group('researchers', ['alice']),
  group('operators', ['bob', 'admin']),
].join('\n\n');

interface TokenBody {
  access_token: string;
  refresh_token?: string;
}

describe.skipIf(!slapdAvailable())('LDAP sign-in (password grant fallback)', () => {
  let ctx: TestApp;
  let slapd: SlapdServer;
  let admin: Caller;
  let realmId: string;
  let providerId: string;
  let unreachableId: string;

  const token = (username: string, password: string, realm?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username, password, ...(realm ? { realm_name: realm } : {}) },
    });
  const me = async (response: { json(): unknown }) =>
    (
      await callerWithToken(ctx.app, (response.json() as TokenBody).access_token).get('/auth/users/@me')
    ).json();
  const expectRefused = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'The user credentials are invalid.',
    });
  };

  beforeAll(async () => {
    [ctx, slapd] = await Promise.all([createTestApp(), startSlapd(LDIF)]);
    admin = await signIn(ctx.app);
    realmId = await createRealm(ctx.database.db, 'directory');
    const settings = {
      protocol: 'ldap',
      start_tls: false,
      base_dn: SLAPD_SUFFIX,
      user: SERVICE_DN,
      password: SERVICE_PASSWORD,
      user_base_dn: `ou=people,${SLAPD_SUFFIX}`,
      group_base_dn: `ou=groups,${SLAPD_SUFFIX}`,
      group_class: 'groupOfNames',
      realm_id: realmId,
    };
    // Tried first (oldest) and unreachable: the sign-in must carry on with the next directory.
    const unreachable = await admin.post('/auth/identity-providers', {
      ...settings,
      name: 'gone',
      url: 'ldap://127.0.0.1:9',
    });
    expect(unreachable.statusCode).toBe(201);
    unreachableId = unreachable.json().id;
    const created = await admin.post('/auth/identity-providers', {
      ...settings,
      name: 'openldap',
      url: slapd.url,
    });
    expect(created.statusCode).toBe(201);
    providerId = created.json().id;
  });
  afterAll(async () => {
    await ctx?.close();
    await slapd?.stop();
  });

  it('signs a directory user in and creates the local user in the provider realm', async () => {
    const response = await token('alice', 'alice-pass');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'Bearer', scope: 'global' });
    expect((response.json() as TokenBody).refresh_token).toBeTruthy();

    const user = await me(response);
    expect(user).toMatchObject({ name: 'alice', display_name: 'Alice L.', realm_id: realmId });
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ email: 'alice@example.org', password: null, name_locked: false });

    const [account] = await ctx.database.db
      .select()
      .from(identityProviderAccounts)
      .where(eq(identityProviderAccounts.user_id, user.id));
    expect(account).toMatchObject({
      provider_id: providerId,
      provider_user_name: 'alice',
      provider_realm_id: realmId,
    });
    // Keyed by the directory's entryUUID, which survives renames of the entry.
    expect(account!.provider_user_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);

    const again = await token('alice', 'alice-pass', 'directory');
    expect(again.statusCode).toBe(200);
    expect((await me(again)).id).toBe(user.id);
  });

  it('refuses a wrong password', async () => {
    expectRefused(await token('alice', 'wrong-pass'));
    expectRefused(await token('nobody', 'alice-pass'));
  });

  it('is not fooled by LDAP filter injection', async () => {
    // Unescaped, `al*` would find alice and `*)(uid=*` would widen the filter.
    for (const username of ['al*', '*', '*)(uid=*', 'alice)(|(uid=*', 'alice\\', 'x)(objectClass=*']) {
      expectRefused(await token(username, 'alice-pass'));
    }
    const created = await ctx.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.realm_id, realmId));
    expect(created.map((row) => row.name)).toEqual(['alice']);
  });

  it('only asks the directories of the requested realm', async () => {
    expectRefused(await token('bob', 'bob-pass', 'master'));
    const response = await token('bob', 'bob-pass', 'directory');
    expect(response.statusCode).toBe(200);
    expect((await me(response)).realm_id).toBe(realmId);
  });

  it('gives the roles mapped from LDAP groups', async () => {
    const researchers = await createRole(ctx.database.db, { name: 'researchers', realmId, permissions: [] });
    const operators = await createRole(ctx.database.db, { name: 'operators', realmId, permissions: [] });
    for (const [roleId, value, isRegex] of [
      [researchers, 'researchers', false],
      [operators, '^oper', true],
    ] as const) {
      const mapping = await admin.post('/auth/identity-provider-role-mappings', {
        provider_id: providerId,
        role_id: roleId,
        name: 'groups',
        value,
        value_is_regex: isRegex,
      });
      expect(mapping.statusCode).toBe(201);
    }

    const alice = await me(await token('alice', 'alice-pass'));
    expect(await roleNamesOf(ctx.database.db, alice.id)).toEqual(['researchers']);
    const bob = await me(await token('bob', 'bob-pass'));
    expect(await roleNamesOf(ctx.database.db, bob.id)).toEqual(['operators']);
  });

  it('never takes over a local user of the same name', async () => {
    const local = await admin.post('/auth/users', {
      name: 'admin',
      realm_id: realmId,
      password: 'Local-Admin-Passw0rd',
    });
    expect(local.statusCode).toBe(201);
    const response = await token('admin', 'directory-admin-pass');
    expect(response.statusCode).toBe(200);
    const directoryAdmin = await me(response);
    expect(directoryAdmin.id).not.toBe(local.json().id);
    expect(directoryAdmin).toMatchObject({ realm_id: realmId, display_name: 'Directory Admin' });
    expect(directoryAdmin.name).toMatch(/^[a-z0-9]{21}$/);
    // An ordinary user of its realm: no administration rights come with the name.
    const refused = await callerWithToken(ctx.app, (response.json() as TokenBody).access_token).get(
      '/auth/users',
    );
    expect(refused.statusCode).toBe(403);
  });

  it('never binds in plain text when StartTLS is required but refused', async () => {
    const tlsRealm = await createRealm(ctx.database.db, 'tls-only');
    const created = await admin.post('/auth/identity-providers', {
      name: 'tls-required',
      protocol: 'ldap',
      url: slapd.url,
      base_dn: SLAPD_SUFFIX,
      user: SERVICE_DN,
      password: SERVICE_PASSWORD,
      realm_id: tlsRealm,
    });
    expect(created.json().start_tls).toBe(true);
    // This slapd has no certificate, so it refuses StartTLS: the sign-in fails instead of downgrading.
    expectRefused(await token('alice', 'alice-pass', 'tls-only'));
    expect(await ctx.database.db.select().from(users).where(eq(users.realm_id, tlsRealm))).toEqual([]);
  });

  it('does not ask a disabled provider', async () => {
    const disabled = await admin.post(`/auth/identity-providers/${providerId}`, { enabled: false });
    expect(disabled.statusCode).toBe(202);
    expectRefused(await token('alice', 'alice-pass'));
    await admin.post(`/auth/identity-providers/${providerId}`, { enabled: true });
    expect((await token('alice', 'alice-pass')).statusCode).toBe(200);
    const linked = await ctx.database.db
      .select()
      .from(identityProviderAccounts)
      .where(and(eq(identityProviderAccounts.provider_id, providerId)));
    expect(linked).toHaveLength(3);
  });

  it('tests the connection: binds with the service account, searches the users and reports them', async () => {
    const tested = await admin.post(`/auth/identity-providers/${providerId}/test`);
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      ok: true,
      base_dn: `ou=people,${SLAPD_SUFFIX}`,
      filter: '(uid=*)',
      more: false,
    });
    expect([...tested.json().users].sort()).toEqual(['admin', 'alice', 'bob']);
    expect(tested.json().users_found).toBe(3);

    const down = await admin.post(`/auth/identity-providers/${unreachableId}/test`);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ ok: false, step: 'bind' });

    const wrong = await admin.request('PUT', `/auth/identity-providers/${randomUUID()}`, {
      protocol: 'ldap',
      name: 'wrong-secret',
      url: slapd.url,
      start_tls: false,
      base_dn: SLAPD_SUFFIX,
      user: SERVICE_DN,
      password: 'not-the-service-password',
      realm_id: realmId,
    });
    const refused = await admin.post(`/auth/identity-providers/${wrong.json().id}/test`);
    expect(refused.json()).toMatchObject({ ok: false, step: 'bind' });
    expect(refused.json().message).toMatch(/credentials/i);
    await admin.delete(`/auth/identity-providers/${wrong.json().id}`);

    // Only for those who may change providers.
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/auth/identity-providers/${providerId}/test`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
