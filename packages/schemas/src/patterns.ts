/**
 * The character rules the server checks and the web app's forms repeat before sending, defined once.
 */

/**
 * Names of realms, users, roles, clients, robots, scopes, policies and identity providers: letters,
 * digits, hyphen, underscore and dot (docs/product/identity-and-access.md §5).
 */
export const NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** An e-mail address as far as a form can tell: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
