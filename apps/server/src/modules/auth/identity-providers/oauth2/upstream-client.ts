import { ErrorCode } from '@federa/schemas';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import { HttpError } from '#platform/http/errors.ts';
import { codeChallengeOf } from '../../oauth2/pkce.ts';
import type { OAuth2Settings } from '../settings.ts';
import type { PendingSignIn } from './pending-sign-ins.ts';

/** Calls to the provider must not hold a sign-in (and a server connection) for long. */
const UPSTREAM_TIMEOUT_MS = 10_000;
const DISCOVERY_CACHE_MS = 5 * 60_000;
const USER_AGENT = 'federa-hub';

export interface UpstreamTokens {
  access_token: string;
  id_token?: string;
}

type Claims = Record<string, unknown>;

const unreachable = (cause: unknown) =>
  new HttpError(503, ErrorCode.SERVICE_UNAVAILABLE, 'The identity provider could not be reached.', { cause });
const refused = (message: string) =>
  new HttpError(400, 'invalid_grant', message, { oauthError: 'invalid_grant' });
const invalidIdToken = (cause?: unknown) =>
  new HttpError(400, 'invalid_token', 'The ID token of the identity provider is invalid.', { cause });

/** The provider's authorize endpoint with the request of RFC 6749 §4.1.1, PKCE S256 and an OIDC nonce. */
export function buildAuthorizeUrl(
  settings: OAuth2Settings,
  pending: PendingSignIn,
  redirectUri: string,
): string {
  const url = new URL(settings.authorize_url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  if (settings.scope) url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', codeChallengeOf(pending.codeVerifier, 'S256'));
  url.searchParams.set('code_challenge_method', 'S256');
  if (pending.nonce) url.searchParams.set('nonce', pending.nonce);
  return url.toString();
}

async function upstreamFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...init.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    throw unreachable(error);
  }
}

/** A JSON or (GitHub without Accept) form-encoded body as an object; undefined when it is neither. */
async function readBody(response: Response): Promise<Claims | undefined> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Claims) : undefined;
  } catch {
    return (response.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(text))
      : undefined;
  }
}

/** Redeems the authorization code at the token endpoint, authenticated with the client secret. */
export async function exchangeCode(
  settings: OAuth2Settings,
  code: string,
  pending: PendingSignIn,
  redirectUri: string,
): Promise<UpstreamTokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: pending.codeVerifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (settings.client_secret && settings.token_endpoint_auth_method === 'client_secret_basic') {
    // RFC 6749 §2.3.1: both parts form-encoded before base64.
    const credentials = `${encodeURIComponent(settings.client_id)}:${encodeURIComponent(settings.client_secret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else {
    body.set('client_id', settings.client_id);
    if (settings.client_secret) body.set('client_secret', settings.client_secret);
  }
  const response = await upstreamFetch(settings.token_url, { method: 'POST', headers, body });
  const tokens = await readBody(response);
  if (!response.ok || typeof tokens?.access_token !== 'string') {
    throw refused('The identity provider did not accept the authorization code.');
  }
  return {
    access_token: tokens.access_token,
    ...(typeof tokens.id_token === 'string' ? { id_token: tokens.id_token } : {}),
  };
}

interface Discovery {
  issuer: string;
  jwks_uri: string;
}

const discoveries = new Map<string, { value: Promise<Discovery>; expires: number }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The provider's discovery document, cached for a few minutes per URL (and per process). */
function loadDiscovery(url: string): Promise<Discovery> {
  const cached = discoveries.get(url);
  if (cached && cached.expires > Date.now()) return cached.value;
  const value = (async () => {
    const response = await upstreamFetch(url, { method: 'GET' });
    const document = await readBody(response);
    if (!response.ok || typeof document?.issuer !== 'string' || typeof document.jwks_uri !== 'string') {
      throw unreachable(new Error(`Unusable discovery document at ${url}`));
    }
    return { issuer: document.issuer, jwks_uri: document.jwks_uri };
  })();
  value.catch(() => discoveries.delete(url));
  discoveries.set(url, { value, expires: Date.now() + DISCOVERY_CACHE_MS });
  return value;
}

function keySetOf(jwksUri: string) {
  let keySet = keySets.get(jwksUri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: UPSTREAM_TIMEOUT_MS });
    keySets.set(jwksUri, keySet);
  }
  return keySet;
}

/**
 * The claims of the ID token. With a discovery document the signature, issuer, audience and expiry
 * are verified against the provider's published keys; without one the token came straight from the
 * token endpoint over the back channel (OIDC Core §3.1.3.7 lets TLS stand in for the signature), and
 * audience and expiry are still checked. The nonce must be the one sent with the redirect.
 */
async function idTokenClaims(
  settings: OAuth2Settings,
  idToken: string,
  nonce: string | undefined,
): Promise<Claims> {
  let payload: JWTPayload;
  if (settings.discovery_url) {
    const discovery = await loadDiscovery(settings.discovery_url);
    try {
      ({ payload } = await jwtVerify(idToken, keySetOf(discovery.jwks_uri), {
        issuer: discovery.issuer,
        audience: settings.client_id,
      }));
    } catch (error) {
      throw invalidIdToken(error);
    }
  } else {
    try {
      payload = decodeJwt(idToken);
    } catch (error) {
      throw invalidIdToken(error);
    }
    const audiences = Array.isArray(payload.aud)
      ? payload.aud
      : payload.aud === undefined
        ? []
        : [payload.aud];
    if (!audiences.includes(settings.client_id)) throw invalidIdToken();
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) throw invalidIdToken();
  }
  if (nonce !== undefined && payload.nonce !== nonce) throw invalidIdToken();
  return payload;
}

async function userInfoClaims(url: string, accessToken: string): Promise<Claims> {
  const response = await upstreamFetch(url, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const claims = await readBody(response);
  if (!response.ok || !claims) throw refused('The identity provider did not return the user profile.');
  return claims;
}

/**
 * Who signed in: the ID token's claims, completed by the user-info endpoint when one is configured
 * (whose `sub` must then be the token's, OIDC Core §5.3.2). A provider without either may issue
 * JWT access tokens, whose claims are read as the original does.
 */
export async function readClaims(
  settings: OAuth2Settings,
  tokens: UpstreamTokens,
  nonce: string | undefined,
): Promise<Claims> {
  let claims: Claims = tokens.id_token ? await idTokenClaims(settings, tokens.id_token, nonce) : {};
  if (settings.user_info_url) {
    const info = await userInfoClaims(settings.user_info_url, tokens.access_token);
    if (claims.sub !== undefined && info.sub !== undefined && info.sub !== claims.sub) {
      throw refused('The user profile does not belong to the signed-in account.');
    }
    claims = { ...claims, ...info };
  }
  if (Object.keys(claims).length === 0) {
    try {
      claims = decodeJwt(tokens.access_token);
    } catch {
      // An opaque access token and nothing else: no identity to read.
    }
  }
  return claims;
}
