import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError } from '../../app/chunk-reload.ts';

export interface RouteErrorDescription {
  readonly status: number;
  /** A specific status message; the page falls back to the default for the status. */
  readonly message?: string;
  /** A specific description; the page falls back to the default for the kind of error. */
  readonly description?: string;
  /** The code of a lazily loaded screen could not be fetched. */
  readonly chunkLoad: boolean;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * What the error page shows for an error thrown while routing or rendering. A loader describes its
 * error with `throw data('description', { status })` or `throw data({ message, description }, { status })`.
 * (`statusText` is not used: React Router fills it with "Internal Server Error" whatever the status.)
 */
export function describeRouteError(error: unknown): RouteErrorDescription {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    const details = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const message = text(details.message);
    const description = text(body) ?? text(details.description);
    return {
      status: error.status,
      ...(message ? { message } : {}),
      ...(description ? { description } : {}),
      chunkLoad: false,
    };
  }
  return { status: 500, chunkLoad: isChunkLoadError(error) };
}
