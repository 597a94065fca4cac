import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import type { Row } from '#platform/http/resource/index.ts';
import { SecretBox } from '../crypto/secret-box.ts';
import { identityProviders } from '../db/identity.ts';
import { SECRET_SETTING_KEYS } from './settings.ts';

const hasPlainSecret = (config: Row): boolean =>
  SECRET_SETTING_KEYS.some((key) => typeof config[key] === 'string' && !SecretBox.isEncrypted(config[key]));

/**
 * Encrypts the plain secrets of one stored provider, only if its settings are still exactly what
 * was read (a concurrent edit wins), without touching `updated_at`.
 */
async function sealStored(db: Database, secrets: SecretBox, id: string, config: Row): Promise<void> {
  const sealed = await secrets.sealSettings(config, SECRET_SETTING_KEYS);
  await db
    .update(identityProviders)
    .set({ config: sealed, updated_at: sql`${identityProviders.updated_at}` })
    .where(
      and(eq(identityProviders.id, id), sql`${identityProviders.config} = ${JSON.stringify(config)}::jsonb`),
    );
}

/**
 * The settings of a stored provider with its secrets decrypted, for the sign-in code. A secret still
 * stored in plain text (written before encryption existed) is used as it is and encrypted in place.
 */
export async function openProviderConfig(
  db: Database,
  secrets: SecretBox,
  provider: { id: string; config: unknown },
): Promise<Row> {
  const config = (provider.config ?? {}) as Row;
  const opened = await secrets.openSettings(config, SECRET_SETTING_KEYS);
  if (hasPlainSecret(config)) await sealStored(db, secrets, provider.id, config);
  return opened;
}

/** Encrypts every secret still stored in plain text (run on start); returns how many providers changed. */
export async function encryptPlainProviderSecrets(db: Database, secrets: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: identityProviders.id, config: identityProviders.config })
    .from(identityProviders);
  let changed = 0;
  for (const row of rows) {
    const config = (row.config ?? {}) as Row;
    if (!hasPlainSecret(config)) continue;
    await sealStored(db, secrets, row.id, config);
    changed += 1;
  }
  return changed;
}
