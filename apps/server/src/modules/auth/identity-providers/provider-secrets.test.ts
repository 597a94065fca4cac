import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { buildApp } from '../../../app.ts';
import { SecretBox } from '../crypto/secret-box.ts';
import { identityProviders, realms } from '../db/identity.ts';
import { openProviderConfig } from './provider-secrets.ts';

/** Secrets written before encryption existed are encrypted without anyone re-entering them. */
describe('identity-provider secrets stored in plain text', () => {
  let ctx: TestApp;
  let realmId: string;

  const insertPlain = async (name: string, config: Record<string, unknown>) => {
    const [row] = await ctx.database.db
      .insert(identityProviders)
      .values({ name, protocol: config.url ? 'ldap' : 'oidc', config, realm_id: realmId })
      .returning();
    return row!;
  };
  const storedConfig = async (id: string) => {
    const [row] = await ctx.database.db.select().from(identityProviders).where(eq(identityProviders.id, id));
    return row!.config as Record<string, unknown>;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const [master] = await ctx.database.db
      .select({ id: realms.id })
      .from(realms)
      .where(eq(realms.name, 'master'));
    realmId = master!.id;
  });
  afterAll(() => ctx.close());

  it('encrypts them when a server starts, and keeps them usable and hidden', async () => {
    const oidc = await insertPlain('legacy-oidc', {
      client_id: 'hub',
      client_secret: 'legacy-client-secret',
      token_url: 'https://idp.test/token',
      authorize_url: 'https://idp.test/authorize',
    });
    const ldap = await insertPlain('legacy-ldap', {
      url: 'ldap://127.0.0.1:1',
      base_dn: 'dc=example,dc=org',
      user: 'cn=admin,dc=example,dc=org',
      password: 'legacy-bind-password',
      timeout: 0,
      start_tls: true,
    });
    const updatedAt = (
      await ctx.database.db.select().from(identityProviders).where(eq(identityProviders.id, oidc.id))
    )[0]!.updated_at;

    // Another start on the same database (a restart or a new replica).
    const restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    try {
      const oidcConfig = await storedConfig(oidc.id);
      const ldapConfig = await storedConfig(ldap.id);
      expect(oidcConfig.client_secret).toMatch(/^enc:v1:/);
      expect(ldapConfig.password).toMatch(/^enc:v1:/);
      expect(JSON.stringify([oidcConfig, ldapConfig])).not.toMatch(
        /legacy-client-secret|legacy-bind-password/,
      );
      // Everything else is unchanged, the record's updated_at included.
      expect(oidcConfig).toMatchObject({ client_id: 'hub', token_url: 'https://idp.test/token' });
      expect(ldapConfig).toMatchObject({ user: 'cn=admin,dc=example,dc=org', timeout: 0 });
      const [after] = await ctx.database.db
        .select()
        .from(identityProviders)
        .where(eq(identityProviders.id, oidc.id));
      expect(after!.updated_at).toBe(updatedAt);
      // Both instances share the key (the data directory's key file), so both can use the secrets.
      for (const secrets of [ctx.app.auth.secrets, restarted.auth.secrets]) {
        expect(await secrets.decrypt(oidcConfig.client_secret as string, 'client_secret')).toBe(
          'legacy-client-secret',
        );
        expect(await secrets.decrypt(ldapConfig.password as string, 'password')).toBe('legacy-bind-password');
      }
      const listed = await restarted.inject({ url: '/auth/identity-providers' });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toMatch(/legacy-client-secret|legacy-bind-password|enc:v1:/);
    } finally {
      await restarted.close();
    }
  });

  it('encrypts a plain secret when sign-in reads it', async () => {
    const provider = await insertPlain('legacy-read', {
      client_id: 'hub',
      client_secret: 'read-path-secret',
      token_url: 'https://idp.test/token',
      authorize_url: 'https://idp.test/authorize',
    });
    const secrets = ctx.app.auth.secrets;
    const opened = await openProviderConfig(ctx.database.db, secrets, provider);
    expect(opened.client_secret).toBe('read-path-secret');
    const stored = await storedConfig(provider.id);
    expect(SecretBox.isEncrypted(stored.client_secret)).toBe(true);
    expect(await secrets.decrypt(stored.client_secret as string, 'client_secret')).toBe('read-path-secret');
    // Reading the encrypted value again gives the same secret and leaves it as it is.
    expect(
      (await openProviderConfig(ctx.database.db, secrets, { ...provider, config: stored })).client_secret,
    ).toBe('read-path-secret');
    expect((await storedConfig(provider.id)).client_secret).toBe(stored.client_secret);
  });
});
