import { createPublicKey } from 'node:crypto';
import { badRequest } from '#platform/http/errors.ts';

const PEM_HEADER = '-----BEGIN';
const HEX = /^(?:[0-9a-f]{2})+$/i;

/**
 * A node's public key as PEM text: the ECDH P-256 key the node generated (docs/product/analysis-platform.md
 * §3). The original's clients sent the PEM hex-encoded, so hex input is decoded; anything else that is not an
 * EC P-256 public key is refused, because nodes could not use it to exchange secrets.
 */
export function normalizePublicKey(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  let pem = String(value).trim();
  if (!pem.startsWith(PEM_HEADER) && HEX.test(pem)) pem = Buffer.from(pem, 'hex').toString('utf8').trim();
  if (!pem.startsWith(PEM_HEADER))
    throw badRequest('The public key must be a PEM encoded EC P-256 public key.');
  try {
    const key = createPublicKey({ key: pem, format: 'pem' });
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
      return `${pem}\n`;
    }
  } catch {
    // reported below
  }
  throw badRequest('The public key must be a PEM encoded EC P-256 public key.');
}
