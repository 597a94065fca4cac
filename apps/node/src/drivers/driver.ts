import type { Readable } from 'node:stream';

/** The parts of an image's configuration (OCI image config `config`) a run uses. */
export interface ImageConfig {
  Cmd?: string[] | null;
  Entrypoint?: string[] | null;
  Env?: string[] | null;
  WorkingDir?: string | null;
}

/** Where an analysis' image is and how to get it. */
export interface ImageReference {
  /** `host[:port]/project/repository:tag`. */
  reference: string;
  registry: string;
  repository: string;
  tag: string;
  /** The manifest digest the hub recorded for the build; the image run must have exactly this one. */
  digest: string;
  credentials: { username: string; password: string } | null;
}

/** An image pulled and verified: its configuration and the layer that holds the analysis' code. */
export interface PulledImage {
  digest: string;
  config: ImageConfig;
  /** The last layer of the image (tar, gzip-compressed or not), where the build put the code. */
  codeLayer(): Promise<Readable>;
}

/** Pulls an image and refuses it when its digest is not the one recorded (`DigestMismatchError`). */
export type ImagePuller = (image: ImageReference) => Promise<PulledImage>;

export class DigestMismatchError extends Error {
  constructor(expected: string, actual: string) {
    super(
      `The image's digest ${actual} is not the digest ${expected} the hub recorded for the build; it is not run.`,
    );
    this.name = 'DigestMismatchError';
  }
}

export type OutputStream = 'stdout' | 'stderr';

export interface RunRequest {
  /** A name unique to this run (container name, work directory). */
  runId: string;
  image: ImageReference;
  /** What the analysis reads: the site's data, or (at the aggregator) the partial results. Read-only. */
  inputDir: string;
  /** Where the analysis writes its results; empty at the start. */
  outputDir: string;
  /**
   * The contract variables (docs/node-agent.md) but the directories, which the driver sets as the
   * analysis sees them (`FEDERA_INPUT_DIR`, `FEDERA_OUTPUT_DIR`); nothing of the agent's environment.
   */
  env: Record<string, string>;
  timeoutMs: number;
  memoryBytes: number;
  network: boolean;
  onLine(stream: OutputStream, line: string): void;
  /** The image is pulled and verified; the analysis is about to start. */
  onStarted(): void;
  /** The analysis runs. */
  onRunning(): void;
  /** Aborted when the hub stops the run. */
  signal: AbortSignal;
}

export interface RunOutcome {
  exitCode: number | null;
  /** Why the run was ended from outside, if it was. */
  ended?: 'timeout' | 'memory' | 'stopped';
}

/** A runtime that runs an analysis image with the site's data. */
export interface Driver {
  readonly name: string;
  run(request: RunRequest): Promise<RunOutcome>;
}

/** Where the input and output directories appear inside a container. */
export const CONTAINER_INPUT_DIR = '/mnt/input';
export const CONTAINER_OUTPUT_DIR = '/mnt/output';
