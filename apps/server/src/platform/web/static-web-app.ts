import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@federa/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that belong to the APIs: an unknown one is a JSON 404, never the web app. */
export const API_PREFIXES = ['/auth', '/core', '/storage', '/telemetry', '/socket.io', '/docs', '/metrics'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
}

/**
 * Serves the built web app at `/`. Any other GET that matches no route gets index.html, so the
 * client-side router can show deep links (history fallback). API paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip copies (`.br`, `.gz`) next to its text files; they are sent
      // to clients that accept them, so nothing is compressed per request.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`web app not built: ${indexFile} is missing (run "npm run build")`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (built && wantsHtml(request)) {
      void reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      code: ErrorCode.ROUTE_NOT_FOUND,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found.`,
    });
  });
}
