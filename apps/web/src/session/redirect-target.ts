const ORIGIN = 'http://local.invalid';

/** Pages that must not be the destination after signing in. */
const EXCLUDED_PREFIXES = ['/login', '/logout'];

/** Control characters and backslashes are how browsers are tricked into leaving the site. */
function hasUnsafeCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || value[index] === '\\') return true;
  }
  return false;
}

/**
 * The local path to continue to after signing in, or undefined. Only same-site paths are
 * accepted (`/admin/users?page=2`), never absolute or protocol-relative URLs (open-redirect guard).
 */
export function safeRedirectTarget(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (hasUnsafeCharacter(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  const path = url.pathname;
  if (EXCLUDED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return undefined;
  return `${path}${url.search}${url.hash}`;
}
