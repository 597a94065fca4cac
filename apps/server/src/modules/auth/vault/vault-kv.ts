import { HttpError } from '#platform/http/errors.ts';

export interface VaultConfig {
  /** e.g. `https://vault.example.org:8200` (the API lives under `/v1`). */
  address: string;
  token: string;
  /** Mount path of the KV secrets engine, e.g. `secret`. */
  mount: string;
  kvVersion: 1 | 2;
}

const TIMEOUT_MS = 10_000;

const unavailable = (detail: string) =>
  new HttpError(502, 'vault_unavailable', `The secrets vault could not be used: ${detail}`);

/**
 * A HashiCorp Vault KV secrets engine, version 1 or 2, through its HTTP API: read, write and delete
 * of one secret (a flat object of strings) at a path below the mount. For version 2 a delete removes
 * every version and the metadata, so nothing of the secret is left.
 */
export class VaultKv {
  constructor(private readonly config: VaultConfig) {}

  private url(kind: 'data' | 'metadata', path: string): string {
    const base = `${this.config.address}/v1/${this.config.mount}`;
    return this.config.kvVersion === 2 ? `${base}/${kind}/${path}` : `${base}/${path}`;
  }

  private async call(method: string, url: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: {
          'x-vault-token': this.config.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(error instanceof Error ? error.message : String(error));
    }
  }

  /** The secret at `path`, or undefined when there is none. */
  async read(path: string): Promise<Record<string, unknown> | undefined> {
    const response = await this.call('GET', this.url('data', path));
    if (response.status === 404) return undefined;
    if (!response.ok) throw unavailable(`reading answered ${response.status}`);
    const body = (await response.json()) as { data?: Record<string, unknown> & { data?: unknown } };
    const data = this.config.kvVersion === 2 ? body.data?.data : body.data;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  }

  async write(path: string, data: Record<string, string>): Promise<void> {
    const body = this.config.kvVersion === 2 ? { data } : data;
    const response = await this.call('POST', this.url('data', path), body);
    if (!response.ok) throw unavailable(`writing answered ${response.status}`);
  }

  async remove(path: string): Promise<void> {
    const response = await this.call('DELETE', this.url('metadata', path));
    if (!response.ok && response.status !== 404) throw unavailable(`deleting answered ${response.status}`);
  }
}
