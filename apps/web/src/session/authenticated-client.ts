import {
  HttpClient,
  isClientError,
  type ClientOptions,
  type RequestOptions,
  type Service,
} from '@federa/client';

/** The access token expired, was revoked or is malformed: a renewed token may be accepted. */
export const TOKEN_ERROR_CODES: ReadonlySet<string> = new Set([
  'expired_token',
  'invalid_token',
  'inactive_token',
]);
/** The token's signing key is unknown or broken: renewing cannot help. */
export const KEY_ERROR_CODES: ReadonlySet<string> = new Set(['jwk_invalid', 'jwk_not_found']);

/** What the authenticated client needs from the session. */
export interface AuthorizationSource {
  readonly accessToken: string | undefined;
  readonly canRenew: boolean;
  authorizationHeader(): Promise<string | undefined>;
  /** Renews after a request with `usedToken` was refused (skipped when a newer token exists). Raises on failure. */
  renewAfterRejection(usedToken: string | undefined): Promise<void>;
  /** Removes the authorization and logs out. */
  dropAuthorization(): Promise<void>;
}

/**
 * The HTTP client of the app. It sends the session's access token; when a request is refused
 * because of the token (expired, invalid or inactive token, or HTTP 401) it renews the token once
 * and retries the request once. A key error drops the authorization and logs out; a failed
 * renewal has logged out already, and the original error is raised.
 */
export class AuthenticatedHttpClient extends HttpClient {
  private readonly source: AuthorizationSource;

  constructor(options: Omit<ClientOptions, 'authorization'>, source: AuthorizationSource) {
    super({ ...options, authorization: () => source.authorizationHeader() });
    this.source = source;
  }

  override async send(
    method: string,
    service: Service,
    path: string,
    options: RequestOptions = {},
  ): Promise<unknown> {
    const usedToken = this.source.accessToken;
    try {
      return await super.send(method, service, path, options);
    } catch (error) {
      if (!isClientError(error)) throw error;
      if (error.code !== undefined && KEY_ERROR_CODES.has(error.code)) {
        // Only the session whose token was refused ends. A request sent without a token, or with one
        // that is gone already, ends nothing: logging out again would clear the cache, make the lists
        // on screen ask again, and start the circle anew.
        if (usedToken !== undefined && usedToken === this.source.accessToken) {
          await this.source.dropAuthorization();
        }
        throw error;
      }
      const refused =
        (error.code !== undefined && TOKEN_ERROR_CODES.has(error.code)) || error.statusCode === 401;
      // An anonymous request without a refresh token to fall back on has nothing to renew.
      if (!refused || (usedToken === undefined && !this.source.canRenew)) throw error;
      try {
        await this.source.renewAfterRejection(usedToken);
      } catch {
        throw error;
      }
      return super.send(method, service, path, options);
    }
  }
}
