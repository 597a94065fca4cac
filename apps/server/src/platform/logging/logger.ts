import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';
import { REDACTED, redactSecretsInText, redactUrl } from './redact-url.ts';

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

/** Fields of driver errors that hold a failed query's values (Drizzle's `params`), a hash among them. */
const QUERY_VALUE_FIELDS = new Set(['params', 'parameters']);

/** Every string of a serialized error (message, stack, causes, driver fields) with secrets redacted. */
function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecretsInText(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      QUERY_VALUE_FIELDS.has(key) ? REDACTED : redactStrings(item, depth + 1),
    ]),
  );
}

/**
 * An error as pino writes it, minus any credential its texts quote: a driver error may repeat a
 * connection string, an HTTP client error the URL it called.
 */
function serializeError(error: Error) {
  return redactStrings(stdSerializers.err(error));
}

/**
 * Pino options shared by every role. Credentials never reach the log: authorization headers, cookies,
 * any body field that carries a secret, the values of sensitive query parameters (in the logged
 * request and in messages that quote a URL, such as Fastify's "Route ... not found"), and
 * credentials quoted by the texts of logged errors.
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
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactSecretsInText(arg) : arg,
        );
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
