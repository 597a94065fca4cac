import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signIn, type Caller } from '#test/auth-client.ts';

export const PASSWORD = 'Core-Test-Passw0rd';

/** Creates a realm through the identity API and returns its id. */
export async function createRealm(admin: Caller, name: string): Promise<string> {
  const response = await admin.post('/auth/realms', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/**
 * A user of the realm holding exactly the given global permissions, signed in. Permission names are
 * looked up through the API, as an operator would.
 */
export async function userWith(
  app: FastifyInstance,
  admin: Caller,
  options: { name: string; realmId: string; realmName: string; permissions: readonly string[] },
): Promise<Caller & { id: string }> {
  const created = await admin.post('/auth/users', {
    name: options.name,
    password: PASSWORD,
    realm_id: options.realmId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const userId = created.json().id as string;
  for (const permission of options.permissions) {
    const found = await admin.get(`/auth/permissions?filter[name]=${permission}&filter[realm_id]=null`);
    const permissionId = found.json().data[0]?.id as string;
    expect(permissionId, permission).toBeTruthy();
    const linked = await admin.post('/auth/user-permissions', {
      user_id: userId,
      permission_id: permissionId,
    });
    expect(linked.statusCode, linked.body).toBe(201);
  }
  const caller = await signIn(app, options.name, PASSWORD, options.realmName);
  return Object.assign(caller, { id: userId });
}

/** A P-256 public key as PEM, as a node generates it. */
export async function p256PublicKey(): Promise<string> {
  const { generateKeyPairSync } = await import('node:crypto');
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}
