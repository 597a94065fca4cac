import {
  baseUrlsFor,
  HttpClient,
  MALFORMED_VAULT_ROBOT_CREDENTIALS,
  readRobotCredentialsFromVault,
  signInRobotWithVault,
} from '@federa/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVault, type FakeVault } from '../apps/server/test/fake-vault.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Contract-Admin-Passw0rd';

/**
 * A program signs a robot in with the secret kept in the vault, through `@federa/client`, against the
 * real server configured with a vault (a fake following Vault's KV v2 HTTP API).
 */
describe('robot sign-in with the secret from the vault', () => {
  let server: RunningServer;
  let vault: FakeVault;
  let client: HttpClient;

  beforeAll(async () => {
    vault = await startFakeVault({ mount: 'secret', kvVersion: 2 });
    server = await startServer({
      env: { ADMIN_PASSWORD, VAULT_ADDR: vault.address, VAULT_TOKEN: vault.token },
    });
    const token = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    const adminToken = ((await token.json()) as { access_token: string }).access_token;
    const admin = new HttpClient({
      baseUrls: baseUrlsFor(server.url),
      authorization: () => `Bearer ${adminToken}`,
    });
    await admin.post('auth', 'robots', { name: 'Runner' });
    client = new HttpClient({ baseUrls: baseUrlsFor(server.url) });
  });
  afterAll(async () => {
    await server?.destroy();
    await vault?.close();
  });

  const location = () => ({ address: vault.address, token: vault.token });

  it('signs in with the entry the hub wrote, and after the hub restored a lost one', async () => {
    expect(vault.entries.get('robots/runner')).toMatchObject({ secret: expect.any(String) });
    const first = await signInRobotWithVault(client, { name: 'Runner', vault: location() });
    expect(first.token_type.toLowerCase()).toBe('bearer');

    vault.entries.delete('robots/runner');
    const again = await signInRobotWithVault(client, { name: 'Runner', vault: location() });
    expect(again.access_token).toEqual(expect.any(String));
    expect(vault.entries.has('robots/runner')).toBe(true);
  });

  it('refuses a malformed or missing entry', async () => {
    for (const malformed of [{ id: 'x' }, { id: 1, secret: 'y' }, {}]) {
      vault.entries.set('robots/broken', malformed);
      await expect(readRobotCredentialsFromVault(location(), 'broken')).rejects.toThrow(
        MALFORMED_VAULT_ROBOT_CREDENTIALS,
      );
    }
    await expect(readRobotCredentialsFromVault(location(), 'missing')).rejects.toThrow(
      'The vault robot credentials response is malformed.',
    );
  });
});
