import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { redactUrl, redactUrlsInText } from './redact-url.ts';

/**
 * What a log line says about a request: Fastify's default fields, with the values of sensitive query
 * parameters redacted. Token requests accept their parameters in the query string too (as the
 * original server does), so a password, client secret, refresh token or code may arrive there.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Pino options shared by every role. Credentials never reach the log: authorization headers, cookies,
 * any body field that carries a secret, and the values of sensitive query parameters (in the logged
 * request and in messages that quote a URL, such as Fastify's "Route ... not found").
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.secret',
        '*.client_secret',
        '*.refresh_token',
        '*.access_token',
      ],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactUrlsInText(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
