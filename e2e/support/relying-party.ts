import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';

/**
 * A web application that signs its users in with OpenID Connect through `openid-client`, as any
 * application registered at the hub would: `/login` sends the browser to the authorization endpoint
 * (PKCE, state, nonce), `/callback` exchanges the code, checks the ID token and reads userinfo, and
 * shows who signed in, or the error the hub sent back.
 */
export interface RelyingParty {
  url: string;
  redirectUri: string;
  /** The client it signs in as (registered at the hub after the party knows its redirect URI). */
  useClient(clientId: string, clientSecret: string): void;
  close(): Promise<void>;
}

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Relying party</title></head><body><main>${body}</main></body></html>`;
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startRelyingParty(options: { issuer: string; scope: string }): Promise<RelyingParty> {
  let client: { id: string; secret: string } | undefined;
  // One pending sign-in at a time is enough for a test.
  let pending: { verifier: string; state: string; nonce: string } | undefined;
  let config: oidc.Configuration | undefined;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      if (!client) throw new Error('No client registered yet.');
      config ??= await oidc.discovery(new URL(options.issuer), client.id, client.secret, undefined, {
        execute: [oidc.allowInsecureRequests],
      });
      if (url.pathname === '/login') {
        pending = {
          verifier: oidc.randomPKCECodeVerifier(),
          state: oidc.randomState(),
          nonce: oidc.randomNonce(),
        };
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: `${url.origin}/callback`,
          scope: options.scope,
          code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
          code_challenge_method: 'S256',
          state: pending.state,
          nonce: pending.nonce,
        });
        response.writeHead(302, { location: target.href }).end();
        return;
      }
      if (url.pathname === '/callback' && pending) {
        const error = url.searchParams.get('error');
        if (error) {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(html(`<h1>Sign-in failed</h1><p id="error">${escape(error)}</p>`));
          return;
        }
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
        });
        const claims = tokens.claims()!;
        const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(
          html(
            `<h1>Signed in</h1><p id="user">${escape(String(userInfo.preferred_username))}</p>` +
              `<p id="nonce">${claims.nonce === pending.nonce ? 'nonce checked' : 'nonce wrong'}</p>` +
              `<p id="email">${escape(String(userInfo.email ?? ''))}</p>`,
          ),
        );
        return;
      }
      response.writeHead(404).end();
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end(html(`<h1>Relying party error</h1><p id="failure">${escape(String(error))}</p>`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    redirectUri: `${url}/callback`,
    useClient: (id, secret) => {
      client = { id, secret };
      config = undefined;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
