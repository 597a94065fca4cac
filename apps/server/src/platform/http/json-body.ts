import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@federa/schemas';
import { HttpError } from './errors.ts';

/**
 * How deeply arrays and objects may nest in a JSON body. No request of the APIs needs more than a
 * handful of levels (policy trees stay far below this); a limit keeps a body of 50,000 brackets
 * from reaching code that walks it.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

export function tooDeeplyNested(): HttpError {
  return new HttpError(
    400,
    ErrorCode.BAD_REQUEST,
    `The body nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels.`,
  );
}

/** Fastify's JSON parser (prototype-poisoning checks included), refusing bodies nested too deeply. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingDepth(body as string) > MAX_JSON_DEPTH) {
      done(tooDeeplyNested(), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
