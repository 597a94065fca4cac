/**
 * Redirect URI matching for the authorization endpoint (RFC 6749 §3.1.2).
 *
 * A client registers comma-separated redirect URIs. An entry matches a requested URI when scheme, host
 * and port are the same and the path matches with the original server's simple wildcards (`*` one
 * path segment, `**` the rest of the path; see `matchesPathPattern`). Wildcards never apply to scheme,
 * host or port, so no entry can be stretched to another site.
 *
 * The query string must equal the entry's, except that an entry with a wildcard in its path and no
 * query accepts any query (it already accepts any path below the prefix, which is no less).
 */

/**
 * A requested URI containing any of these is refused: parsers disagree on them (`\` is `/` for
 * WHATWG URLs, `@` ends userinfo, tabs and line breaks are silently removed).
 */
const AMBIGUOUS_CHARACTERS = /[\\@\s]/;
const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
/**
 * Schemes a redirect may use: the web ones, and the reverse-domain private-use schemes of native apps
 * (RFC 8252 §7.1, e.g. `com.example.app:`). Everything else is refused even when registered, since the
 * web app navigates to the result: `javascript:` or `data:` there would run script on this site.
 */
const isAllowedScheme = (protocol: string) =>
  protocol === 'https:' || protocol === 'http:' || /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(protocol);
/** Encoded slashes and backslashes: a receiving server may decode them into path separators. */
const ENCODED_SEPARATORS = /%(2f|5c)/i;

/** The entries of a client's comma-separated `redirect_uri`; none for a client without one. */
export function parseRedirectUris(registered: string | null | undefined): string[] {
  if (!registered) return [];
  return registered
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Whether `path` matches `pattern`, segment by segment (segments are separated by `/`):
 * - a literal segment matches only itself;
 * - `*` matches exactly one segment (also an empty one); a segment ending in `*`, such as `cb-*`,
 *   matches any segment that starts with what precedes the `*`;
 * - `**`, only as the last segment, matches all remaining segments;
 * - a trailing `/*` or `/**` also matches the bare prefix (`test` matches `test/*`).
 * A `*` anywhere else makes the pattern match nothing (it fails closed rather than guess).
 */
export function matchesPathPattern(path: string, pattern: string): boolean {
  const values = path.split('/');
  const patterns = pattern.split('/');
  for (let index = 0; index < patterns.length; index += 1) {
    const segment = patterns[index]!;
    const last = index === patterns.length - 1;
    if (segment === '**') return last;
    if (last && segment === '*' && values.length === index) return true;
    const value = values[index];
    if (value === undefined) return false;
    if (!segment.includes('*')) {
      if (segment !== value) return false;
      continue;
    }
    const prefix = segment.slice(0, -1);
    if (!segment.endsWith('*') || prefix.includes('*') || !value.startsWith(prefix)) return false;
  }
  return values.length === patterns.length;
}

/** Whether a raw path contains a `.` or `..` segment, literally or percent-encoded. */
function hasDotSegment(rawPath: string): boolean {
  return rawPath.split('/').some((segment) => {
    const decoded = segment.replace(/%2e/gi, '.');
    return decoded === '.' || decoded === '..';
  });
}

/** The path of a URI as written, before a URL parser resolves dot segments. */
function rawPathOf(uri: string): string {
  const withoutQuery = uri.split(/[?#]/, 1)[0]!;
  const afterScheme = withoutQuery.replace(/^[a-z][a-z0-9+.-]*:/i, '');
  return afterScheme.startsWith('//') ? afterScheme.replace(/^\/\/[^/]*/, '') : afterScheme;
}

/**
 * The requested URI parsed, or undefined when it is not acceptable as a redirect target at all:
 * unparsable, of a scheme that is not allowed, with a fragment (forbidden by RFC 6749 §3.1.2), with
 * credentials or characters that parsers read differently, or with dot segments or encoded slashes in
 * its path.
 */
export function parseRequestedRedirectUri(requested: string): URL | undefined {
  if (AMBIGUOUS_CHARACTERS.test(requested) || hasControlCharacter(requested) || requested.includes('#'))
    return undefined;
  const rawPath = rawPathOf(requested);
  if (hasDotSegment(rawPath) || ENCODED_SEPARATORS.test(rawPath)) return undefined;
  if (!URL.canParse(requested)) return undefined;
  const url = new URL(requested);
  if (url.username || url.password || !isAllowedScheme(url.protocol)) return undefined;
  return url;
}

function matchesEntry(url: URL, entry: string): boolean {
  if (!URL.canParse(entry)) return false;
  const pattern = new URL(entry);
  if (pattern.hash || pattern.username || pattern.password || pattern.host.includes('*')) return false;
  if (pattern.protocol !== url.protocol || pattern.hostname !== url.hostname || pattern.port !== url.port)
    return false;
  if (!matchesPathPattern(url.pathname, pattern.pathname)) return false;
  if (pattern.search) return pattern.search === url.search;
  return pattern.pathname.includes('*') || url.search === '';
}

/** Whether `requested` matches one of the client's registered redirect URIs; never for a client without any. */
export function matchRedirectUri(requested: string, registered: string | null | undefined): boolean {
  const entries = parseRedirectUris(registered);
  if (entries.length === 0) return false;
  const url = parseRequestedRedirectUri(requested);
  if (!url) return false;
  return entries.some((entry) => matchesEntry(url, entry));
}
