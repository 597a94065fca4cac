import { describe, expect, it } from 'vitest';
import { PublicUserSchema } from './account.ts';
import { JsonWebKeySchema, TokenIntrospectionSchema } from './oauth2.ts';

// The server serializes its answers from these schemas (z.encode, then JSON), so what they drop is
// what a caller never receives.
describe('identity response schemas', () => {
  const user = {
    id: 'b7c6f3de-0d1a-4c55-9a0e-2f4c7b1d9e01',
    name: 'alice',
    name_locked: true,
    first_name: null,
    last_name: null,
    display_name: 'alice',
    avatar: null,
    cover: null,
    active: true,
    status: null,
    status_message: null,
    realm_id: '0f3a9c2e-6b1d-4e8f-a7c5-3d2b1e0f9a84',
    client_id: null,
    created_at: '2026-11-26T05:00:00.000Z',
    updated_at: '2026-11-26T05:00:00.000Z',
  };

  it('never sends the hashes or the e-mail address of a self-registered user', () => {
    const sent = PublicUserSchema.encode({
      ...user,
      password: '$argon2id$v=19$m=65536,t=3,p=4$secret',
      activate_hash: 'hash-of-the-mailed-code',
      reset_hash: 'hash-of-the-reset-code',
      email: 'alice@example.org',
    } as typeof user);
    expect(sent).toEqual(user);
  });

  it('publishes only the public members of a signing key', () => {
    const publicKey = { kty: 'RSA', n: 'modulus', e: 'AQAB', kid: 'k1', alg: 'RS256', use: 'sig' };
    const sent = JsonWebKeySchema.encode({
      ...publicKey,
      d: 'private',
      p: 'prime',
      q: 'prime',
    } as typeof publicKey);
    expect(sent).toEqual(publicKey);
  });

  it('passes the claims of an active token through, and says no more than inactive for the others', () => {
    const claims = {
      active: true as const,
      kind: 'access_token' as const,
      jti: 'j1',
      iss: 'http://localhost/auth',
      sub: user.id,
      sub_kind: 'user' as const,
      realm_id: user.realm_id,
      realm_name: 'master',
      scope: 'global',
      iat: 1,
      exp: 2,
      remote_address: '127.0.0.1',
      permissions: [{ name: 'user_read', realm_id: user.realm_id, client_id: null }],
    };
    expect(TokenIntrospectionSchema.encode(claims)).toEqual(claims);
    expect(TokenIntrospectionSchema.encode({ active: false, sub: 'x' } as { active: false })).toEqual({
      active: false,
    });
  });
});
