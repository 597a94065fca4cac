import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_ADMIN_PASSWORD } from './app.ts';

export interface Caller {
  token: string;
  request(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** Signs in with the password grant and returns a helper that sends requests with the token. */
export async function signIn(
  app: FastifyInstance,
  username = 'admin',
  password = TEST_ADMIN_PASSWORD,
  realm?: string,
): Promise<Caller> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', username, password, ...(realm ? { realm_name: realm } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  const token = (response.json() as { access_token: string }).access_token;
  return callerWithToken(app, token);
}

export function callerWithToken(app: FastifyInstance, token: string): Caller {
  const request: Caller['request'] = (method, url, payload) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  return {
    token,
    request,
    get: (url) => request('GET', url),
    post: (url, payload) => request('POST', url, payload ?? {}),
    delete: (url) => request('DELETE', url),
  };
}
