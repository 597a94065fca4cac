import type { AppConfig } from '#config/config.ts';
import type { Database } from '#platform/db/database.ts';
import { SecretBox } from './crypto/secret-box.ts';
import { SigningKeyStore } from './crypto/signing-keys.ts';
import { VerifiedSecretCache } from './crypto/verified-secrets.ts';
import { LoginThrottle } from './oauth2/login-throttle.ts';
import { Authorizer, DEFAULT_AUTHORIZER_CACHE_OPTIONS } from './permissions/authorizer.ts';
import { DEFAULT_TOKEN_LIFETIMES, TokenService } from './tokens/token-service.ts';
import { RobotVault } from './vault/robot-vault.ts';
import { VaultKv } from './vault/vault-kv.ts';

/** The identity services one app instance shares between its routes and the other modules. */
export interface AuthServices {
  db: Database;
  issuer: string;
  keys: SigningKeyStore;
  tokens: TokenService;
  throttle: LoginThrottle;
  authorizer: Authorizer;
  /** Successful robot and client secret verifications, so machines do not pay argon2 per request. */
  verifiedSecrets: VerifiedSecretCache;
  /** Encrypts identity-provider secrets at rest (SECRETS_ENCRYPTION_KEY or the data directory's key file). */
  secrets: SecretBox;
  /** Robot secrets in HashiCorp Vault (VAULT_ADDR); does nothing without one. */
  robotVault: RobotVault;
}

/** Tokens are issued by the identity API, so the issuer is its base URL. */
export function issuerOf(config: AppConfig): string {
  return `${config.publicUrl}/auth`;
}

export function createAuthServices(config: AppConfig, db: Database): AuthServices {
  const keys = new SigningKeyStore(db);
  const issuer = issuerOf(config);
  return {
    db,
    issuer,
    keys,
    tokens: new TokenService(db, keys, issuer, DEFAULT_TOKEN_LIFETIMES, config.caches.verifiedTokens),
    throttle: new LoginThrottle(db),
    authorizer: new Authorizer(db, {
      ...DEFAULT_AUTHORIZER_CACHE_OPTIONS,
      maxIdentities: config.caches.permissionSets,
    }),
    verifiedSecrets: new VerifiedSecretCache({ maxEntries: config.caches.verifiedSecrets }),
    secrets: SecretBox.fromConfig(config),
    robotVault: new RobotVault(config.vault ? new VaultKv(config.vault) : undefined),
  };
}
