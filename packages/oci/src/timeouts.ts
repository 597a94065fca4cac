import { RegistryError } from './auth.ts';

/** How long a registry may stay silent by default: before it answers, and within a body in flight. */
export const DEFAULT_REGISTRY_TIMEOUT_MS = 10_000;

/** A registry (or Harbor) that stayed silent for longer than the timeout. */
export class RegistryTimeoutError extends RegistryError {
  constructor(
    readonly host: string,
    readonly timeoutMs: number,
  ) {
    super(`The registry at ${host} did not answer within ${secondsOf(timeoutMs)} s.`, 504);
    this.name = 'RegistryTimeoutError';
  }
}

function secondsOf(ms: number): string {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

type FetchInput = Parameters<typeof fetch>[0];

/** Statuses a Response may not be built with a body for. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function hostOf(input: FetchInput): string {
  const url = input instanceof Request ? input.url : String(input);
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * A fetch that gives up when the other side stays silent for `timeoutMs`: while connecting and until
 * the response headers arrive, and between two chunks of a body in flight (an upload the registry
 * stops taking, a download it stops sending). A large layer is therefore limited by inactivity, not
 * by its total time. 0 switches the timeout off.
 */
export function fetchWithTimeout(fetchImpl: typeof fetch, timeoutMs: number): typeof fetch {
  if (timeoutMs <= 0) return fetchImpl;
  return async (input, init = {}) => {
    const timeout = new RegistryTimeoutError(hostOf(input), timeoutMs);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let onSilence = () => controller.abort(timeout);
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onSilence(), timeoutMs);
      // A silent registry must not keep the process alive on its own.
      timer.unref();
    };
    const disarm = () => clearTimeout(timer);

    let body = init.body;
    if (body instanceof ReadableStream) {
      // Every chunk the connection takes restarts the clock.
      body = body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, stream) {
            arm();
            stream.enqueue(chunk);
          },
        }),
      );
    }
    const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;

    arm();
    let response: Response;
    try {
      response = await fetchImpl(input, { ...init, body, signal } as RequestInit);
    } catch (error) {
      disarm();
      if (controller.signal.aborted && controller.signal.reason === timeout) throw timeout;
      throw error;
    }
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) {
      disarm();
      return response;
    }

    // The body streams on: it may pause for at most the timeout between two chunks.
    let stream: TransformStreamDefaultController<Uint8Array> | undefined;
    onSilence = () => {
      stream?.error(timeout);
      controller.abort(timeout);
    };
    arm();
    const watched = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(streamController) {
          stream = streamController;
        },
        transform(chunk, streamController) {
          arm();
          streamController.enqueue(chunk);
        },
        flush() {
          disarm();
        },
      }),
    );
    return new Response(watched, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
