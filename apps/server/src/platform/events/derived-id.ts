import { createHash } from 'node:crypto';

/**
 * A UUID that follows from an outbox entry and a purpose (name-based, version 5 layout over SHA-256).
 * A listener that writes a record because of an event stores it under this id, so the same event
 * delivered again after a crash finds the record instead of writing a second one.
 */
export function idFollowing(outboxId: string, purpose: string): string {
  const hex = createHash('sha256').update(`${purpose}:${outboxId}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
