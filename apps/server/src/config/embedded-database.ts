/**
 * Whether the embedded database (PGlite) will serve: DATABASE_URL unset or empty, as `loadConfig`
 * reads it (config.ts). For main.ts, which has to know before it loads the rest of the server, so this
 * file imports nothing.
 */
export function embeddedDatabaseChosen(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.DATABASE_URL;
}
