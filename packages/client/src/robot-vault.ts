import type { HttpClient } from './http-client.ts';
import { objectFields, type ResponseSchema } from './response-schema.ts';

/** Where a HashiCorp Vault keeps the robots' credentials (the hub writes them, see its README). */
export interface VaultLocation {
  /** e.g. `https://vault.example.org:8200` (the API lives under `/v1`). */
  address: string;
  token: string;
  /** Mount path of the KV secrets engine; `secret` by default. */
  mount?: string;
  /** KV engine version of the mount; 2 by default. */
  kvVersion?: 1 | 2;
}

export interface RobotCredentials {
  id: string;
  secret: string;
}

/** The token response of the robot sign-in (RFC 6749 §5.1). */
export interface RobotTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** Reads a token response without zod (the node agent's bundle has none). */
export const RobotTokenResponseSchema: ResponseSchema<RobotTokenResponse> = {
  parse(body) {
    const { access_token, token_type, expires_in, scope } = objectFields(body, 'the token response');
    if (
      typeof access_token !== 'string' ||
      typeof token_type !== 'string' ||
      typeof expires_in !== 'number'
    ) {
      throw new TypeError('the token response lacks access_token, token_type or expires_in');
    }
    return { access_token, token_type, expires_in, ...(typeof scope === 'string' ? { scope } : {}) };
  },
};

export const MALFORMED_VAULT_ROBOT_CREDENTIALS = 'The vault robot credentials response is malformed.';

/**
 * Reads a robot's credentials from the vault entry `robots/<name>` (name in lower case). The entry
 * must hold string `id` and `secret`; anything else, a missing entry included, is refused with
 * "The vault robot credentials response is malformed.".
 */
export async function readRobotCredentialsFromVault(
  vault: VaultLocation,
  name: string,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<RobotCredentials> {
  const mount = vault.mount ?? 'secret';
  const path = `robots/${encodeURIComponent(name.toLowerCase())}`;
  const url = `${vault.address.replace(/\/+$/, '')}/v1/${mount}/${(vault.kvVersion ?? 2) === 2 ? `data/${path}` : path}`;
  const response = await fetchImpl(url, { headers: { 'x-vault-token': vault.token } });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const outer = (body as { data?: unknown } | undefined)?.data;
  const data = (vault.kvVersion ?? 2) === 2 ? (outer as { data?: unknown } | undefined)?.data : outer;
  const entry = data as { id?: unknown; secret?: unknown } | undefined;
  if (!response.ok || typeof entry?.id !== 'string' || typeof entry.secret !== 'string') {
    throw new Error(MALFORMED_VAULT_ROBOT_CREDENTIALS);
  }
  return { id: entry.id, secret: entry.secret };
}

/**
 * Signs a robot in with the secret kept in the vault: asks the hub to restore the vault entry if it
 * is missing or stale (`GET /auth/robots/{name}/integrity`), reads the entry, and exchanges it for
 * a token (`robot_credentials` grant).
 */
export async function signInRobotWithVault(
  client: HttpClient,
  options: { name: string; vault: VaultLocation; fetch?: typeof fetch },
): Promise<RobotTokenResponse> {
  await client.get('auth', `robots/${encodeURIComponent(options.name)}/integrity`);
  const credentials = await readRobotCredentialsFromVault(options.vault, options.name, options.fetch);
  return client.post(
    'auth',
    'token',
    { grant_type: 'robot_credentials', id: credentials.id, secret: credentials.secret },
    { schema: RobotTokenResponseSchema },
  );
}
