import { createHash, timingSafeEqual } from 'node:crypto';

/** Proof Key for Code Exchange (RFC 7636). */
export const CODE_CHALLENGE_METHODS = ['S256', 'plain'] as const;
export type CodeChallengeMethod = (typeof CODE_CHALLENGE_METHODS)[number];

/** RFC 7636 §4.1: 43–128 characters from the unreserved set. A challenge uses the same alphabet. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]+$/;

/** The challenge a verifier stands for: base64url(SHA-256(verifier)) for S256, the verifier itself for plain. */
export function codeChallengeOf(verifier: string, method: CodeChallengeMethod): string {
  return method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
}

/** Whether the verifier sent to the token endpoint answers the challenge of the authorization request. */
export function verifyCodeVerifier(
  verifier: string,
  challenge: string,
  method: CodeChallengeMethod,
): boolean {
  if (!CODE_VERIFIER_PATTERN.test(verifier)) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(codeChallengeOf(verifier, method));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
