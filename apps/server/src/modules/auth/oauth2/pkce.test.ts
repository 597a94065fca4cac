import { describe, expect, it } from 'vitest';
import { codeChallengeOf, verifyCodeVerifier } from './pkce.ts';

// RFC 7636 Appendix B.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('derives the S256 challenge of the RFC 7636 example', () => {
    expect(codeChallengeOf(RFC_VERIFIER, 'S256')).toBe(RFC_CHALLENGE);
    expect(verifyCodeVerifier(RFC_VERIFIER, RFC_CHALLENGE, 'S256')).toBe(true);
  });

  it('refuses another verifier, or the challenge itself sent as verifier', () => {
    expect(verifyCodeVerifier(`${RFC_VERIFIER.slice(0, -1)}l`, RFC_CHALLENGE, 'S256')).toBe(false);
    expect(verifyCodeVerifier(RFC_CHALLENGE, RFC_CHALLENGE, 'S256')).toBe(false);
  });

  it('compares plain challenges for equality', () => {
    expect(verifyCodeVerifier(RFC_VERIFIER, RFC_VERIFIER, 'plain')).toBe(true);
    expect(verifyCodeVerifier(RFC_VERIFIER, RFC_CHALLENGE, 'plain')).toBe(false);
  });

  it('refuses verifiers outside RFC 7636 §4.1 (43–128 unreserved characters)', () => {
    expect(verifyCodeVerifier('short', 'short', 'plain')).toBe(false);
    expect(verifyCodeVerifier('a'.repeat(129), 'a'.repeat(129), 'plain')).toBe(false);
    const spaced = `${'a'.repeat(42)} `;
    expect(verifyCodeVerifier(spaced, spaced, 'plain')).toBe(false);
    expect(verifyCodeVerifier('a'.repeat(128), 'a'.repeat(128), 'plain')).toBe(true);
  });
});
