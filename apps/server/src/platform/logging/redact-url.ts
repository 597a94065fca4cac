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

/** The password of a URL's user info: `postgres://hub:hunter2@db/hub`. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
/** A credential written as `name=value` outside a query string, e.g. a libpq connection string. */
const ASSIGNED_SECRET =
  /\b(\w*(?:password|passwd|secret|token|credential)\w*=)("[^"]*"|'[^']*'|[^\s,;&)]+)/gi;

/** Drizzle's "params: ..." line of a failed query, and PostgreSQL's "Failing row contains (...)". */
const QUERY_VALUES = /(\bparams: |\bFailing row contains ).*$/gm;

/**
 * Free text that may quote a credential (an error message or stack naming a connection string or a
 * URL, a failed query with its values): query parameter values, URL passwords, `password=...`
 * pairs, query parameters and failing rows (a password hash among them) are replaced.
 */
export function redactSecretsInText(text: string): string {
  return redactUrlsInText(text)
    .replace(QUERY_VALUES, `$1${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(ASSIGNED_SECRET, (match, name: string, value: string) =>
      value === REDACTED ? match : `${name}${REDACTED}`,
    );
}
