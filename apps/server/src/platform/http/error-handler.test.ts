import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEmptyStringNormalizer } from './empty-strings.ts';
import { registerErrorHandler } from './error-handler.ts';
import { conflict, HttpError } from './errors.ts';

describe('error handler', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerEmptyStringNormalizer(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/things',
      {
        schema: {
          body: z.object({
            name: z.string().min(3),
            description: z.string().min(5).nullable().optional(),
            tags: z.array(z.object({ type: z.string().min(3) })).optional(),
          }),
        },
      },
      async (request) => request.body,
    );
    typed.get('/conflict', async () => {
      throw conflict('A project with this name exists already.');
    });
    typed.get('/oauth', async () => {
      throw new HttpError(400, 'invalid_grant', 'The refresh token is invalid.', {
        oauthError: 'invalid_grant',
      });
    });
    typed.get('/crash', async () => {
      throw new Error('connection to 10.0.0.7:5432 refused, password=hunter2');
    });
    typed.get('/coded', async () => {
      throw Object.assign(new Error('The permission user_read was not found.'), {
        statusCode: 403,
        code: 'permission_not_found',
      });
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('reports each invalid field with its path, rule and message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'ab', tags: [{ type: 'x' }] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: 'The attributes name, tags.0.type are invalid.',
    });
    expect(body.issues).toEqual([
      expect.objectContaining({ path: 'name', code: 'too_small' }),
      expect.objectContaining({ path: 'tags.0.type', code: 'too_small' }),
    ]);
  });

  it('names a single invalid attribute in the message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'ok name', description: 'abc' },
    });
    expect(response.json().message).toBe('The attribute description is invalid.');
  });

  it('turns empty strings into null before validation', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'thing', description: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'thing', description: null });
  });

  it('refuses a body that does not parse', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'bad_request' });
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'name: x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });

  it('passes an HttpError through with its status, code and message', async () => {
    const response = await app.inject({ url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'conflict',
      message: 'A project with this name exists already.',
    });
  });

  it('adds the OAuth error fields where an endpoint asks for them', async () => {
    const response = await app.inject({ url: '/oauth' });
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_grant',
      message: 'The refresh token is invalid.',
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid.',
    });
  });

  it('keeps the code and status of errors from other layers', async () => {
    const response = await app.inject({ url: '/coded' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'permission_not_found',
      message: 'The permission user_read was not found.',
    });
  });

  it('never leaks internals of an unexpected failure', async () => {
    const response = await app.inject({ url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'internal_error',
      message: 'An internal error occurred.',
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('10.0.0.7');
  });
});
