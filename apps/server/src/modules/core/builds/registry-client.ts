import { DEFAULT_REGISTRY_TIMEOUT_MS, OciClient, RegistryTimeoutError } from '@federa/oci';

export interface RegistryConnection {
  host: string;
  account_name: string | null;
  account_secret: string | null;
}

/**
 * How long a registry or Harbor may stay silent (REGISTRY_TIMEOUT_MS). One setting for the process,
 * set when the core module starts, so every client the jobs and routes open keeps to it.
 */
let registryTimeoutMs = DEFAULT_REGISTRY_TIMEOUT_MS;

export function configureRegistryTimeout(timeoutMs: number): void {
  registryTimeoutMs = timeoutMs;
}

export function currentRegistryTimeout(): number {
  return registryTimeoutMs;
}

/** Whether the error is a registry's silence, also when a stream in flight was ended by it. */
export function isRegistryTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof RegistryTimeoutError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The registry's API address. A host without a scheme is reached over https (as Harbor is); an
 * operator names `http://…` explicitly for a registry without TLS (a registry on loopback).
 */
export function registryUrl(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The host (and port) image names carry, e.g. `registry.example.org` or `127.0.0.1:5000`. */
export function registryImageHost(host: string): string {
  return new URL(registryUrl(host)).host;
}

export function registryClient(registry: RegistryConnection): OciClient {
  const credentials =
    registry.account_name && registry.account_secret
      ? { username: registry.account_name, password: registry.account_secret }
      : undefined;
  return new OciClient({
    url: registryUrl(registry.host),
    timeoutMs: registryTimeoutMs,
    ...(credentials ? { credentials } : {}),
  });
}

/** Where an analysis's image goes for one node: `<node project>/<analysis id>`, tag `latest`. */
export function analysisRepository(nodeProject: string, analysisId: string): string {
  return `${nodeProject}/${analysisId}`;
}

/** The repository of a master image: `master/<virtual path>`. */
export function masterImageRepository(virtualPath: string): string {
  return `master/${virtualPath.replace(/^\/+/, '')}`;
}

export const ANALYSIS_IMAGE_TAG = 'latest';
