import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) on a loopback port, standing in for an upstream identity
 * provider in tests. Its sign-in page is replaced by an automatic one: whoever `signInAs` names is
 * signed in and consents, so a test drives the whole redirect dance with plain HTTP requests.
 */

export interface UpstreamAccount {
  sub: string;
  claims: Record<string, unknown>;
}

export interface OidcProviderFixture {
  issuer: string;
  /** The account the next sign-in at this provider is completed for. */
  signInAs(account: UpstreamAccount): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<OidcProviderFixture> {
  let current: UpstreamAccount | undefined;
  const accounts = new Map<string, UpstreamAccount>();

  // The issuer URL holds the port, so the server listens before the provider exists.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function completeInteraction(
    op: Provider,
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ) {
    const interaction = await op.interactionDetails(request, response);
    if (interaction.prompt.name === 'login') {
      if (!current) throw new Error('no account to sign in');
      accounts.set(current.sub, current);
      await op.interactionFinished(
        request,
        response,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new op.Grant({
      accountId: interaction.session!.accountId!,
      clientId: String(interaction.params.client_id),
    });
    grant.addOIDCScope(String(interaction.params.scope));
    await op.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'upstream-key' }] },
    cookies: { keys: ['upstream-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    // ID tokens carry the profile claims too, as many providers issue them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Explicit lifetimes (seconds) keep the provider from printing a notice for each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_context: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ ...account.claims, sub }) } : undefined;
    },
  });

  const handle = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      void completeInteraction(provider, request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    handle(request, response);
  });

  return {
    issuer,
    signInAs: (account) => {
      current = account;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies of one host, enough to carry the provider's session between the redirects of a test. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's redirects (authorize, sign-in, consent, resume) the way a browser would,
 * until one leads off the provider; returns that URL (the callback with code and state).
 */
export async function followUpstreamRedirects(start: string, jar: CookieJar = new CookieJar()): Promise<URL> {
  let url = new URL(start);
  const origin = url.origin;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `The provider stopped at ${url.pathname} with ${response.status}: ${await response.text()}`,
      );
    url = new URL(location, url);
    if (url.origin !== origin) return url;
  }
  throw new Error('Too many redirects at the provider.');
}
