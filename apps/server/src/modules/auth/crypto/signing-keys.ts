import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { PublicJsonWebKey } from '@federa/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI } from 'jose';
import type { Database } from '#platform/db/database.ts';
import { signingKeys } from '../db/identity.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';

export const SIGNING_ALGORITHM = 'RS256';

type ImportedKey = Awaited<ReturnType<typeof importPKCS8>>;

export interface SigningKey {
  kid: string;
  realmId: string;
  privateKey: ImportedKey;
  /** The private key for node:crypto, which signs faster than WebCrypto (see jws.ts). */
  signingKey: KeyObject;
  publicKey: ImportedKey;
}

/**
 * One RS256 key per realm, created on first use and kept in the database so every replica signs and
 * verifies with the same keys. Imported keys are cached in memory; a key never changes once written.
 */
export class SigningKeyStore {
  private readonly byKid = new Map<string, Promise<SigningKey | undefined>>();
  private readonly byRealm = new Map<string, Promise<SigningKey>>();

  constructor(private readonly db: Database) {}

  /** The realm's signing key, creating it when the realm has none yet. */
  forRealm(realmId: string): Promise<SigningKey> {
    let pending = this.byRealm.get(realmId);
    if (!pending) {
      pending = this.loadOrCreate(realmId);
      pending.catch(() => this.byRealm.delete(realmId));
      this.byRealm.set(realmId, pending);
    }
    return pending;
  }

  /** The key a token names in its `kid` header, or undefined when there is none. */
  byId(kid: string): Promise<SigningKey | undefined> {
    let pending = this.byKid.get(kid);
    if (!pending) {
      pending = this.load(kid);
      // An unknown kid is not cached, so a key created later by another replica is still found.
      pending.then((key) => key ?? this.byKid.delete(kid)).catch(() => this.byKid.delete(kid));
      this.byKid.set(kid, pending);
    }
    return pending;
  }

  /** Public keys of every realm as a JSON Web Key Set. */
  async jwks(): Promise<{ keys: PublicJsonWebKey[] }> {
    const rows = await this.db
      .select({ id: signingKeys.id, public_key: signingKeys.public_key })
      .from(signingKeys)
      .orderBy(desc(signingKeys.priority), signingKeys.created_at);
    return { keys: await Promise.all(rows.map((row) => publicJwk(row.id, row.public_key))) };
  }

  async jwk(kid: string): Promise<PublicJsonWebKey | undefined> {
    if (!UUID_PATTERN.test(kid)) return undefined;
    const [row] = await this.db
      .select({ id: signingKeys.id, public_key: signingKeys.public_key })
      .from(signingKeys)
      .where(eq(signingKeys.id, kid));
    return row ? publicJwk(row.id, row.public_key) : undefined;
  }

  private async load(kid: string): Promise<SigningKey | undefined> {
    // A kid comes from an untrusted token header: only a well-formed id reaches the database.
    if (!UUID_PATTERN.test(kid)) return undefined;
    const [row] = await this.db.select().from(signingKeys).where(eq(signingKeys.id, kid));
    return row ? importRow(row) : undefined;
  }

  private async loadOrCreate(realmId: string): Promise<SigningKey> {
    const existing = await this.newestForRealm(realmId);
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, {
      modulusLength: 2048,
      extractable: true,
    });
    await this.db.insert(signingKeys).values({
      type: 'rsa',
      signature_algorithm: SIGNING_ALGORITHM,
      private_key: await exportPKCS8(privateKey),
      public_key: await exportSPKI(publicKey),
      realm_id: realmId,
    });
    // Two replicas may create a key at the same moment; both then agree on the newest one.
    return (await this.newestForRealm(realmId))!;
  }

  private async newestForRealm(realmId: string): Promise<SigningKey | undefined> {
    const [row] = await this.db
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.realm_id, realmId), eq(signingKeys.type, 'rsa')))
      .orderBy(desc(signingKeys.priority), desc(signingKeys.created_at), desc(signingKeys.id))
      .limit(1);
    return row ? importRow(row) : undefined;
  }
}

async function importRow(row: typeof signingKeys.$inferSelect): Promise<SigningKey> {
  return {
    kid: row.id,
    realmId: row.realm_id,
    privateKey: await importPKCS8(row.private_key, SIGNING_ALGORITHM),
    signingKey: createPrivateKey(row.private_key),
    publicKey: await importSPKI(row.public_key, SIGNING_ALGORITHM, { extractable: true }),
  };
}

async function publicJwk(kid: string, spki: string): Promise<PublicJsonWebKey> {
  const key = await importSPKI(spki, SIGNING_ALGORITHM, { extractable: true });
  // The members of an RSA public key, named one by one: nothing else of the key object is published.
  const { kty, n, e } = await exportJWK(key);
  return { kty: kty!, n: n!, e: e!, kid, alg: SIGNING_ALGORITHM, use: 'sig' };
}
