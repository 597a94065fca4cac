import type { LoggerOptions } from 'pino';

/**
 * Pino options shared by every role. Credentials never reach the log: authorization headers, cookies
 * and any body field that carries a secret are redacted.
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
  };
}
