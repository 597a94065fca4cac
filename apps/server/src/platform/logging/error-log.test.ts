import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { loggerOptions } from './logger.ts';
import { redactSecretsInText } from './redact-url.ts';

/** A logger as the app configures it, writing into an array. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino(loggerOptions('info'), { write: (line: string) => lines.push(line) });
  return { logger, text: () => lines.join('\n') };
}

describe('logged errors', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table log_probe (name text not null, secret text)`);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('never carry the values of a failed query, a password hash among them', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$Q2FwdHVyZWQ$NotForTheLog';
    const failure = await database.db
      .execute(sql`insert into log_probe (name, secret) values (${null}, ${hash})`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);

    const { logger, text } = capturingLogger();
    logger.error({ err: failure }, 'request failed');
    const logged = text();
    // What went wrong is still there to debug.
    expect(logged).toContain('insert into log_probe');
    expect(logged).toContain('request failed');
    expect(logged).not.toContain('NotForTheLog');
  });

  it('never carry a credential quoted by an error message', () => {
    const { logger, text } = capturingLogger();
    logger.error(
      { err: new Error('connect to postgres://hub:Db-Passw0rd@db:5432/hub failed (password=Conn-Passw0rd)') },
      'database unreachable',
    );
    logger.warn(
      { err: new Error('GET https://idp.example/token?client_secret=Idp-Secret-1&x=1 answered 500') },
      'identity provider failed',
    );
    const logged = text();
    for (const secret of ['Db-Passw0rd', 'Conn-Passw0rd', 'Idp-Secret-1'])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('postgres://hub:[redacted]@db:5432/hub');
    expect(logged).toContain('client_secret=[redacted]&x=1');
  });
});

describe('redactSecretsInText', () => {
  it('leaves ordinary text alone', () => {
    for (const text of [
      'The token is invalid.',
      'Route GET:/core/projects?page[limit]=10 not found',
      'see https://docs.example/setup for help',
      'Key (name)=(alice) already exists.',
    ]) {
      expect(redactSecretsInText(text)).toBe(text);
    }
  });

  it('replaces secrets however they are written', () => {
    expect(redactSecretsInText('password="a b" client_secret=xyz, id_token=abc;')).toBe(
      'password=[redacted] client_secret=[redacted], id_token=[redacted];',
    );
    expect(redactSecretsInText('Failed query: insert into t values ($1)\nparams: s3cret\nat x')).toBe(
      'Failed query: insert into t values ($1)\nparams: [redacted]\nat x',
    );
    expect(redactSecretsInText('Failing row contains (null, s3cret).')).toBe(
      'Failing row contains [redacted]',
    );
  });
});
