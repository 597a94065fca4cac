import { z } from 'zod';

/**
 * The documentation of an answer that is only a redirect (`302` with a `Location` header and no
 * body), for endpoints a browser navigates to. The OpenAPI generator reads the `headers` and
 * `description` of the schema's metadata, and documents no content for a schema of type `null`
 * (given explicitly: OpenAPI 3.0 output would otherwise spell `null` as a nullable string).
 */
export function redirectResponse(description: string, location: string) {
  return z.null().meta({
    type: 'null',
    description,
    headers: { location: { type: 'string', description: location } },
  });
}
