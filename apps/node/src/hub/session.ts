import {
  HttpClient,
  baseUrlsFor,
  isClientError,
  type ClientOptions,
  type RequestOptions,
  type Service,
} from '@federa/client';
import { TokenCheck } from './record-checks.ts';

/** Renew this long before the token expires, so no call ever carries an expired one. */
const RENEW_MARGIN = 0.2;

/**
 * The node's robot signed in at the hub (grant `robot_credentials`). The token is renewed by signing
 * in again when 80 % of its life has passed (robots get no refresh token worth keeping: their
 * secret is at hand), and at once when the hub refuses it (a restarted hub with new keys).
 */
export class RobotSession {
  private token: string | undefined;
  private expiresAt = 0;
  private pending: Promise<string> | undefined;
  private readonly listeners = new Set<(token: string) => void>();
  private readonly auth: HttpClient;

  constructor(
    private readonly hubUrl: string,
    private readonly robotId: string,
    private readonly robotSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.auth = new HttpClient({ baseUrls: baseUrlsFor(hubUrl) });
  }

  /** A valid access token, signing in (again) when there is none or it is about to expire. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.expiresAt) return this.token;
    return this.renew();
  }

  /** Signs in now (once, however many callers ask at the same time). */
  renew(): Promise<string> {
    this.pending ??= this.signIn().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forgets the token, so the next call signs in again (after the hub refused it). */
  invalidate(): void {
    this.token = undefined;
  }

  /** Called with each new token (the realtime connection authenticates with it). */
  onToken(listener: (token: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async signIn(): Promise<string> {
    const response = await this.auth.post(
      'auth',
      'token',
      { grant_type: 'robot_credentials', id: this.robotId, secret: this.robotSecret },
      { schema: TokenCheck },
    );
    this.token = response.access_token;
    this.expiresAt = this.now() + response.expires_in * 1000 * (1 - RENEW_MARGIN);
    for (const listener of this.listeners) listener(this.token);
    return this.token;
  }

  /** An HTTP client that authenticates as the robot and signs in again once when the hub answers 401. */
  client(): HttpClient {
    return new RobotClient(
      { baseUrls: baseUrlsFor(this.hubUrl), authorization: async () => `Bearer ${await this.accessToken()}` },
      () => this.invalidate(),
    );
  }
}

/** Sends each request once more, with a new token, when the hub refused the token (401). */
class RobotClient extends HttpClient {
  constructor(
    options: ClientOptions,
    private readonly refused: () => void,
  ) {
    super(options);
  }

  override async send(
    method: string,
    service: Service,
    path: string,
    options?: RequestOptions,
  ): Promise<unknown> {
    try {
      return await super.send(method, service, path, options);
    } catch (error) {
      if (!isClientError(error) || error.statusCode !== 401) throw error;
      this.refused();
      return super.send(method, service, path, options);
    }
  }
}
