import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import type { Database } from '#platform/db/database.ts';
import { refreshTokens, revokedTokens } from '../db/tokens.ts';
import { signRs256Jwt } from '../crypto/jws.ts';
import { SIGNING_ALGORITHM, type SigningKeyStore } from '../crypto/signing-keys.ts';
import { TOKEN_KINDS, type TokenClaims, type TokenKind, type TokenSubject } from './claims.ts';
import { TokenError } from './errors.ts';
import { TokenStateQueries, type TokenState, type TokenSubjectState } from './token-state.ts';

export interface TokenLifetimes {
  /** seconds */
  access: number;
  /** seconds */
  refresh: number;
}

export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = { access: 3600, refresh: 259_200 };

/** The token response of RFC 6749 §5.1. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  id_token?: string;
}

export interface IssueOptions {
  scope: string;
  withRefreshToken: boolean;
  remoteAddress?: string;
  /** The User-Agent header of the sign-in, kept with the refresh token (the own sessions list). */
  userAgent?: string;
  /** Extra claims for an ID token; an ID token is issued when given. */
  idTokenClaims?: Record<string, unknown>;
  /** The authorization code the tokens come from (kept through refresh), for revocation on its replay. */
  grantId?: string | null;
}

/**
 * Verified tokens remembered by default (each entry holds the token text and its claims, about 2 KB);
 * CACHE_VERIFIED_TOKENS changes it.
 */
export const DEFAULT_MAX_VERIFIED_TOKENS = 10_000;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const isoAt = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Issues, verifies and revokes the server's JWTs. Refresh tokens are single use: each has a row whose
 * id is its jti, deleted when it is used. Revocation is recorded by jti in the database, so it holds
 * across restarts and replicas.
 */
export class TokenService {
  private readonly stateQueries: TokenStateQueries;
  /** Claims of tokens whose signature has been verified, by token (bounded, oldest dropped first). */
  private readonly verifiedClaims = new Map<string, TokenClaims>();

  constructor(
    private readonly db: Database,
    private readonly keys: SigningKeyStore,
    private readonly issuer: string,
    readonly lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES,
    private readonly maxVerifiedTokens: number = DEFAULT_MAX_VERIFIED_TOKENS,
  ) {
    this.stateQueries = new TokenStateQueries(db);
  }

  async issue(subject: TokenSubject, options: IssueOptions): Promise<TokenResponse> {
    const iat = nowSeconds();
    const accessJti = randomUUID();
    const accessExp = iat + this.lifetimes.access;
    const base = this.baseClaims(subject, options, iat);
    const response: TokenResponse = {
      access_token: await this.sign(
        { ...base, kind: 'access_token', jti: accessJti, exp: accessExp },
        subject.realmId,
      ),
      token_type: 'Bearer',
      expires_in: this.lifetimes.access,
      scope: options.scope,
    };

    if (options.withRefreshToken) {
      const refreshExp = iat + this.lifetimes.refresh;
      const [row] = await this.db
        .insert(refreshTokens)
        .values({
          expires_at: isoAt(refreshExp),
          scope: options.scope,
          access_token_id: accessJti,
          grant_id: options.grantId ?? null,
          realm_id: subject.realmId,
          user_id: subject.kind === 'user' ? subject.id : null,
          robot_id: subject.kind === 'robot' ? subject.id : null,
          client_id: subject.kind === 'client' ? subject.id : (subject.clientId ?? null),
          ip_address: options.remoteAddress?.slice(0, 64) ?? null,
          user_agent: options.userAgent?.slice(0, 512) ?? null,
        })
        .returning({ id: refreshTokens.id });
      response.refresh_token = await this.sign(
        { ...base, kind: 'refresh_token', jti: row!.id, exp: refreshExp },
        subject.realmId,
      );
      response.refresh_token_expires_in = this.lifetimes.refresh;
    }

    if (options.idTokenClaims) {
      response.id_token = await this.sign(
        {
          ...options.idTokenClaims,
          ...base,
          kind: 'id_token',
          jti: randomUUID(),
          exp: accessExp,
          auth_time: iat,
        },
        subject.realmId,
      );
    }
    return response;
  }

  /**
   * Verifies signature, expiry and revocation. `kind` restricts which kind of token is accepted
   * (an access token must not be usable as a refresh token and vice versa).
   */
  async verify(token: string, kind?: TokenKind): Promise<TokenClaims> {
    const claims = await this.verifySignature(token);
    if (kind && claims.kind !== kind) throw TokenError.invalid();
    if (await this.isRevoked(claims.jti)) throw TokenError.inactive();
    return claims;
  }

  /**
   * Uses up a refresh token: verifies it and deletes its row in one statement, so two concurrent uses
   * of the same token cannot both succeed.
   */
  async consumeRefreshToken(token: string): Promise<TokenClaims> {
    const claims = await this.verify(token, 'refresh_token');
    const deleted = await this.db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.id, claims.jti), gt(refreshTokens.expires_at, new Date().toISOString())))
      .returning({ access_token_id: refreshTokens.access_token_id });
    if (deleted.length === 0) throw TokenError.inactive();
    await this.markRevoked(claims.jti, claims.exp);
    return claims;
  }

  /** Revokes a token (RFC 7009): an access token by jti; a refresh token also loses its row and its access token. */
  async revoke(claims: TokenClaims): Promise<void> {
    await this.markRevoked(claims.jti, claims.exp);
    if (claims.kind === 'refresh_token') {
      const deleted = await this.db
        .delete(refreshTokens)
        .where(eq(refreshTokens.id, claims.jti))
        .returning({ access_token_id: refreshTokens.access_token_id });
      const accessJti = deleted[0]?.access_token_id;
      if (accessJti) await this.markRevoked(accessJti, claims.iat + this.lifetimes.access);
    }
  }

  /**
   * Ends sessions of a user: deletes their refresh tokens (one by id, or all) and revokes each with the
   * access token issued together with it, so the signed-out browser loses access at once. Returns how
   * many refresh tokens were removed.
   */
  async revokeUserSessions(userId: string, refreshTokenId?: string): Promise<number> {
    const ofUser = eq(refreshTokens.user_id, userId);
    const deleted = await this.db
      .delete(refreshTokens)
      .where(refreshTokenId ? and(ofUser, eq(refreshTokens.id, refreshTokenId)) : ofUser)
      .returning({
        id: refreshTokens.id,
        access_token_id: refreshTokens.access_token_id,
        expires_at: refreshTokens.expires_at,
      });
    const accessUntil = nowSeconds() + this.lifetimes.access;
    for (const row of deleted) {
      await this.markRevoked(row.id, Math.floor(new Date(row.expires_at).getTime() / 1000));
      if (row.access_token_id) await this.markRevoked(row.access_token_id, accessUntil);
    }
    return deleted.length;
  }

  /** Revokes an access token by its jti until it would have expired anyway. */
  async revokeAccessToken(jti: string): Promise<void> {
    await this.markRevoked(jti, nowSeconds() + this.lifetimes.access);
  }

  /** The authorization code a refresh token comes from, if any (carried on to the next one at rotation). */
  async grantOf(refreshTokenId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ grant_id: refreshTokens.grant_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, refreshTokenId));
    return row?.grant_id ?? null;
  }

  /**
   * Revokes what was issued from an authorization code (its code was replayed): the first access
   * token, and every refresh token of the chain with its access token.
   */
  async revokeGrant(grantId: string, firstAccessTokenId: string | null): Promise<void> {
    const until = nowSeconds() + Math.max(this.lifetimes.access, this.lifetimes.refresh);
    if (firstAccessTokenId) await this.markRevoked(firstAccessTokenId, until);
    const deleted = await this.db
      .delete(refreshTokens)
      .where(eq(refreshTokens.grant_id, grantId))
      .returning({ id: refreshTokens.id, access_token_id: refreshTokens.access_token_id });
    for (const row of deleted) {
      await this.markRevoked(row.id, until);
      if (row.access_token_id) await this.markRevoked(row.access_token_id, until);
    }
  }

  /**
   * Verifies the signature and expiry only, e.g. for introspection, which reports revocation itself.
   * A token whose signature was verified before is recognised from memory until it expires (as the
   * original server does): keys never change once written, so the result cannot change either.
   */
  async verifySignature(token: string): Promise<TokenClaims> {
    const known = this.verifiedClaims.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) {
        this.verifiedClaims.delete(token);
        throw TokenError.expired();
      }
      return known;
    }
    const claims = await this.verifySignatureUncached(token);
    this.verifiedClaims.set(token, claims);
    while (this.verifiedClaims.size > this.maxVerifiedTokens) {
      // Oldest first: Map iteration follows insertion order.
      this.verifiedClaims.delete(this.verifiedClaims.keys().next().value!);
    }
    return claims;
  }

  private async verifySignatureUncached(token: string): Promise<TokenClaims> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw TokenError.invalid();
    }
    if (!kid) throw TokenError.invalid();
    const key = await this.keys.byId(kid);
    if (!key) throw TokenError.keyNotFound(kid);
    try {
      const { payload } = await jwtVerify(token, key.publicKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer: this.issuer,
      });
      if (
        !TOKEN_KINDS.includes(payload.kind as TokenKind) ||
        typeof payload.sub !== 'string' ||
        !payload.jti
      ) {
        throw TokenError.invalid();
      }
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw TokenError.expired();
      if (error instanceof joseErrors.JOSEError) throw TokenError.invalid();
      throw error;
    }
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.stateQueries.state(jti)).revoked;
  }

  /** Revocation and the access version of a verified token, in one query (introspection). */
  state(claims: TokenClaims): Promise<TokenState> {
    return this.stateQueries.state(claims.jti);
  }

  /** The same plus the token's subject, for authenticating a request in one query. */
  subjectState(claims: TokenClaims): Promise<TokenSubjectState> {
    return this.stateQueries.subjectState(claims.jti, claims.sub_kind, claims.sub);
  }

  /** Removes revocation records and refresh tokens that have expired anyway. */
  async sweepExpired(): Promise<void> {
    const now = new Date().toISOString();
    await this.db.delete(revokedTokens).where(lt(revokedTokens.expires_at, now));
    await this.db.delete(refreshTokens).where(lt(refreshTokens.expires_at, now));
  }

  private async markRevoked(jti: string, exp: number): Promise<void> {
    await this.db
      .insert(revokedTokens)
      .values({ jti, expires_at: isoAt(exp) })
      .onConflictDoNothing();
  }

  private baseClaims(subject: TokenSubject, options: IssueOptions, iat: number) {
    return {
      iss: this.issuer,
      sub: subject.id,
      sub_kind: subject.kind,
      realm_id: subject.realmId,
      realm_name: subject.realmName,
      client_id: subject.clientId ?? null,
      ...(subject.clientId ? { aud: subject.clientId } : {}),
      scope: options.scope,
      ...(options.remoteAddress ? { remote_address: options.remoteAddress } : {}),
      iat,
    };
  }

  private async sign(claims: Record<string, unknown>, realmId: string): Promise<string> {
    const key = await this.keys.forRealm(realmId);
    return signRs256Jwt(claims, key.kid, key.signingKey);
  }
}
