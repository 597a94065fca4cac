/**
 * The node key pair (docs/product/analysis-platform.md §3: ECDH on the curve P-256, keys as PEM text), made and checked with
 * WebCrypto in the browser, so the private key never leaves it.
 */
const ALGORITHM = { name: 'ECDH', namedCurve: 'P-256' } as const;

export interface NodeKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Whether this browser can make key pairs (WebCrypto exists only in secure contexts). */
export function canGenerateKeyPairs(): boolean {
  return typeof globalThis.crypto?.subtle?.generateKey === 'function';
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** DER bytes as PEM text with 64-character lines. */
export function toPem(label: 'PUBLIC KEY' | 'PRIVATE KEY', der: ArrayBuffer): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A new key pair: the public key as SPKI PEM, the private key as PKCS#8 PEM. */
export async function generateNodeKeyPair(): Promise<NodeKeyPair> {
  const pair = await crypto.subtle.generateKey(ALGORITHM, true, ['deriveKey', 'deriveBits']);
  const [spki, pkcs8] = await Promise.all([
    crypto.subtle.exportKey('spki', pair.publicKey),
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKey: toPem('PUBLIC KEY', spki), privateKey: toPem('PRIVATE KEY', pkcs8) };
}

const PUBLIC_PEM = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/;

/**
 * Whether `text` is a PEM encoded EC P-256 public key: it must import as an ECDH P-256 SPKI key.
 * The server checks it again; this answers before anything is sent.
 */
export async function isNodePublicKey(text: string): Promise<boolean> {
  const match = PUBLIC_PEM.exec(text.trim());
  if (!match) return false;
  try {
    const binary = atob(match[1]!.replace(/\s+/g, ''));
    const der = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    if (!canGenerateKeyPairs()) return true;
    await crypto.subtle.importKey('spki', der, ALGORITHM, true, []);
    return true;
  } catch {
    return false;
  }
}
