import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP-recommended minimum (19 MiB memory, 2 iterations, 1 lane). A stored hash
 * always starts with "$", which is how the API tells a stored secret from a new plain one.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** Constant-time comparison of a plain secret with a stored argon2 hash; false for anything malformed. */
export async function verifySecret(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored || !isHashedSecret(stored)) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

export function isHashedSecret(value: string): boolean {
  return value.startsWith('$');
}

export const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Client secrets may also contain these (docs/product/identity-and-access.md §4 Forms). */
export const CLIENT_SECRET_ALPHABET = `${ALPHANUMERIC}-_!.`;
const LOWERCASE_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random string from a cryptographically secure source, without modulo bias. */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  let result = '';
  for (let index = 0; index < length; index += 1) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** Generated names (robots, registry projects): 21 lowercase alphanumeric characters. */
export function generateName(): string {
  return randomString(21, LOWERCASE_ALPHANUMERIC);
}

export const generateRobotSecret = () => randomString(64);

/** A password that satisfies the platform's rule (upper, lower, digit), e.g. for the first admin. */
export function generatePassword(length = 24): string {
  for (;;) {
    const candidate = randomString(length);
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /[0-9]/.test(candidate)) return candidate;
  }
}
export const generateClientSecret = () => randomString(64, CLIENT_SECRET_ALPHABET);

/**
 * A one-time token (activation and reset codes, authorization codes, sign-in states): 256 random
 * bits, base64url. Only its hash is stored; a fast hash is enough because the token is random, not
 * chosen by a person.
 */
export function generateOneTimeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a one-time token (sha256, hex). */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
