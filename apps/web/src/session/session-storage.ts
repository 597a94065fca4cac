/**
 * Where the session keeps its values between page loads. The browser implementation uses cookies,
 * because the server also reads the `access_token` cookie (downloads opened in a new tab).
 */
export interface SessionStorage {
  get(name: string): string | undefined;
  /** `maxAge` in seconds; without it the value lasts as long as the browser session. */
  set(name: string, value: string, maxAge?: number): void;
  remove(name: string): void;
}

/** Cookie names (docs/product/identity-and-access.md §3 "Stored session values"). */
export const SessionCookie = {
  ACCESS_TOKEN: 'access_token',
  ACCESS_TOKEN_EXPIRE_DATE: 'access_token_expire_date',
  REFRESH_TOKEN: 'refresh_token',
  USER: 'user',
  REALM: 'realm',
  REALM_MANAGEMENT: 'realm_management',
} as const;

export const SESSION_COOKIE_NAMES: readonly string[] = Object.values(SessionCookie);

export interface CookieStorageOptions {
  readonly document?: Document;
  /** Adds `Secure` when true; by default when the page is served over https. */
  readonly secure?: boolean;
}

/** Attributes of every session cookie: whole site, sent on top-level navigations only (Lax). */
export function cookieAttributes(secure: boolean, maxAge?: number): string {
  const parts = ['Path=/', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAge))}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function createCookieStorage({
  document = window.document,
  secure = document.location?.protocol === 'https:',
}: CookieStorageOptions = {}): SessionStorage {
  return {
    get(name) {
      for (const pair of document.cookie.split(';')) {
        const separator = pair.indexOf('=');
        if (separator < 0) continue;
        if (pair.slice(0, separator).trim() !== name) continue;
        const value = decode(pair.slice(separator + 1).trim());
        return value === '' ? undefined : value;
      }
      return undefined;
    },
    set(name, value, maxAge) {
      document.cookie = `${name}=${encodeURIComponent(value)}; ${cookieAttributes(secure, maxAge)}`;
    },
    remove(name) {
      document.cookie = `${name}=; ${cookieAttributes(secure, 0)}`;
    },
  };
}

/** Keeps the values in memory (tests, and environments without cookies). */
export function createMemoryStorage(initial: Record<string, string> = {}): SessionStorage & {
  readonly values: Map<string, { value: string; maxAge: number | undefined }>;
} {
  const values = new Map(
    Object.entries(initial).map(([name, value]) => [
      name,
      { value, maxAge: undefined as number | undefined },
    ]),
  );
  return {
    values,
    get: (name) => values.get(name)?.value,
    set: (name, value, maxAge) => void values.set(name, { value, maxAge }),
    remove: (name) => void values.delete(name),
  };
}
