import { timingSafeEqual } from 'node:crypto';

/** The user name Harbor's webhook presents; the password is derived from the secrets key. */
export const WEBHOOK_USERNAME = 'registry-webhook';
const PURPOSE = 'registry-webhook';

export interface WebhookSettings {
  /** Where Harbor sends PUSH_ARTIFACT events: `<PUBLIC_URL>/core/services/registry/hook`. */
  url: string;
  /** The `Authorization` header value Harbor is told to send. */
  authorization(): Promise<string>;
}

export function webhookSettings(
  publicUrl: string,
  secrets: { derive(purpose: string): Promise<string> },
): WebhookSettings {
  return {
    url: `${publicUrl.replace(/\/+$/, '')}/core/services/registry/hook`,
    authorization: async () =>
      `Basic ${Buffer.from(`${WEBHOOK_USERNAME}:${await secrets.derive(PURPOSE)}`).toString('base64')}`,
  };
}

/** Whether a request's Authorization header is the webhook's (compared in constant time). */
export async function isWebhookAuthorization(
  header: string | undefined,
  settings: WebhookSettings,
): Promise<boolean> {
  if (!header) return false;
  const expected = Buffer.from(await settings.authorization());
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
