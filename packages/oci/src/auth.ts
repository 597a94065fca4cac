/*
 * Registry authentication as the distribution spec's clients do it: the first request goes out
 * without credentials; a 401 names the scheme in WWW-Authenticate. `Basic` is answered with the
 * registry credentials; `Bearer realm=…,service=…,scope=…` with a token fetched from the realm (using
 * the credentials as HTTP Basic when there are any) and kept per scope until it expires.
 */

export interface RegistryCredentials {
  username: string;
  password: string;
}

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Parses `Bearer realm="https://…",service="…",scope="a,b"` (quoted values may hold commas). */
export function parseChallenge(header: string | null): Challenge | undefined {
  if (!header) return undefined;
  const match = /^\s*(\S+)\s*(.*)$/.exec(header);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  const pattern = /([a-zA-Z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (const part of match[2]!.matchAll(pattern)) {
    params[part[1]!.toLowerCase()] = (part[2] ?? part[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return { scheme: match[1]!.toLowerCase(), params };
}

export function basicAuthorization(credentials: RegistryCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

/** Keeps bearer tokens per scope and fetches new ones from the challenge's realm. */
export class TokenCache {
  readonly #tokens = new Map<string, CachedToken>();

  constructor(
    private readonly credentials: RegistryCredentials | undefined,
    private readonly fetchImpl: typeof fetch,
  ) {}

  get(scopes: string[]): string | undefined {
    const token = this.#tokens.get(scopes.join(' '));
    if (!token || token.expiresAt <= Date.now()) return undefined;
    return token.value;
  }

  async fetch(challenge: Challenge, requested: string[]): Promise<string> {
    const realm = challenge.params.realm;
    if (!realm) throw new RegistryError('the registry asked for a bearer token without naming a realm', 401);
    const url = new URL(realm);
    if (challenge.params.service) url.searchParams.set('service', challenge.params.service);
    // A push needs the scope the client asks for, not only the one the registry named for a read.
    const scopes = new Set(
      [...requested, challenge.params.scope].filter((entry): entry is string => !!entry),
    );
    for (const entry of scopes) url.searchParams.append('scope', entry);
    const headers: Record<string, string> = {};
    if (this.credentials) headers.authorization = basicAuthorization(this.credentials);
    const response = await this.fetchImpl(url, { headers });
    if (!response.ok) {
      throw new RegistryError(
        `the registry's token service refused the credentials (${response.status})`,
        response.status,
      );
    }
    const body = (await response.json()) as { token?: string; access_token?: string; expires_in?: number };
    const value = body.token ?? body.access_token;
    if (!value) throw new RegistryError("the registry's token service answered without a token", 502);
    // Tokens live at least 60 seconds (distribution spec); renew a little before they end.
    const lifetime = Math.max(60, body.expires_in ?? 60) * 1000;
    this.#tokens.set(requested.join(' '), { value, expiresAt: Date.now() + lifetime - 10_000 });
    return value;
  }
}

/** A registry answered with an error (status, and the distribution spec's error codes when given). */
export class RegistryError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly codes: string[] = [],
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}
