/** Query parameters whose values are credentials wherever they appear (OAuth2 and our own APIs). */
const SENSITIVE_NAMES = new Set([
  'code',
  'code_verifier',
  'assertion',
  'client_assertion',
  'key',
  'api_key',
  'apikey',
  'signature',
  'sig',
]);
/** Any parameter whose name mentions one of these carries a credential too (password_repeat, id_token, ...). */
const SENSITIVE_PARTS = ['password', 'passwd', 'secret', 'token', 'credential'];

export const REDACTED = '[redacted]';

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Whether the value of a query parameter of this name must never be written to a log. */
export function isSensitiveParameter(rawName: string): boolean {
  const name = decodeName(rawName);
  // `password[0]`, `client_secret[]`: the base name counts.
  const base = name.replace(/\[.*$/, '');
  return SENSITIVE_NAMES.has(base) || SENSITIVE_PARTS.some((part) => base.includes(part));
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator < 0) return pair;
      return isSensitiveParameter(pair.slice(0, separator))
        ? `${pair.slice(0, separator + 1)}${REDACTED}`
        : pair;
    })
    .join('&');
}

/**
 * A request URL (path and query, as Fastify logs it) with the values of sensitive query parameters
 * replaced, so that a password or token sent in the query string never reaches the log. The rest of
 * the URL stays as it was, for debugging.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = hashStart < 0 ? url.slice(queryStart + 1) : url.slice(queryStart + 1, hashStart);
  const rest = hashStart < 0 ? '' : url.slice(hashStart);
  return `${url.slice(0, queryStart + 1)}${redactQuery(query)}${rest}`;
}

/** Query strings inside free text, e.g. Fastify's "Route POST:/x?password=... not found". */
const QUERY_IN_TEXT = /\?[^\s#"']*/g;

/** Free text (a log message) with the values of sensitive query parameters of any URL in it replaced. */
export function redactUrlsInText(text: string): string {
  if (!text.includes('?')) return text;
  return text.replace(QUERY_IN_TEXT, (query) => `?${redactQuery(query.slice(1))}`);
}
