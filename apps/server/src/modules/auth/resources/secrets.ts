import type { ResourceHooks, Row } from '#platform/http/resource/index.ts';
import { generateName, hashSecret, isHashedSecret } from '../crypto/secrets.ts';
import { assertMayChangeCredentialsOf } from '../permissions/escalation.ts';
import { defined, realmForCreate } from './helpers.ts';

/**
 * Hashes a newly given secret, or generates one. Returns the stored (hashed) value and the plain
 * secret to show once. An empty secret or the stored hash sent back unchanged keeps the stored one.
 */
async function resolveSecret(
  input: Row,
  generate: () => string,
  creating: boolean,
): Promise<{ stored?: string; plain?: string }> {
  const given = typeof input.secret === 'string' ? input.secret : undefined;
  if (given && !isHashedSecret(given)) return { stored: await hashSecret(given), plain: given };
  if (creating) {
    const plain = generate();
    return { stored: await hashSecret(plain), plain };
  }
  return {};
}

/** The plain secret travels from prepare to present on the parsed input, never through the stored row. */
const PLAIN_SECRET = Symbol('plainSecret');

/** The plain secret a prepared create or update set (given or generated), e.g. to keep it in a vault. */
export function plainSecretOf(input: Row): string | undefined {
  const plain = (input as Record<symbol, unknown>)[PLAIN_SECRET];
  return typeof plain === 'string' ? plain : undefined;
}

/**
 * Hooks of an identity that signs in with a secret (robots, clients): a generated name and the
 * caller's realm by default, the secret stored hashed and shown in the response of the write that
 * set it, and only then. Setting the secret of an existing one is an escalation guard's business.
 */
export function secretIdentityHooks(kind: 'robot' | 'client', generate: () => string): ResourceHooks {
  return {
    prepareCreate: async (input, { request }) => {
      const secret = await resolveSecret(input, generate, true);
      (input as Record<symbol, unknown>)[PLAIN_SECRET] = secret.plain;
      return {
        ...input,
        name: input.name ?? generateName(),
        secret: secret.stored,
        realm_id: realmForCreate(request, input),
      };
    },
    prepareUpdate: async (_existing, input) => {
      const secret = await resolveSecret(input, generate, false);
      (input as Record<symbol, unknown>)[PLAIN_SECRET] = secret.plain;
      return defined({ ...input, name: input.name ?? undefined, secret: secret.stored });
    },
    beforeUpdate: async (existing, input, { request, db }) => {
      // Whoever sets a new secret can authenticate as this identity and act with its permissions.
      const plain = (input as Record<symbol, unknown>)[PLAIN_SECRET];
      if (typeof plain === 'string') {
        await assertMayChangeCredentialsOf(db, request, { kind, id: existing.id as string });
      }
    },
    // A stored hash never leaves the server, not even on request (`fields=+secret`): the response
    // tells whether a secret is set, and a new one replaces it.
    toResponse: (row) =>
      'secret' in row ? { ...row, secret: null, secret_set: typeof row.secret === 'string' } : row,
    present: (row, input) => {
      const plain = (input as Record<symbol, unknown>)[PLAIN_SECRET];
      return typeof plain === 'string' ? { ...row, secret: plain } : row;
    },
  };
}
