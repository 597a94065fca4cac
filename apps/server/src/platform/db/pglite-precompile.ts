/**
 * Compiles the embedded database's WebAssembly (PGlite's `pglite.wasm`) ahead, with its one costly
 * function already optimised. V8 compiles WebAssembly with its baseline compiler and re-compiles the
 * functions that turn out hot with its optimising compiler, in the background. For one function of
 * PGlite's PostgreSQL (about 100 KB of code) that takes about 550 MB of compiler memory for half a
 * second; the function is hot from the first queries on, so the burst came on top of a started
 * database and took a first start to 0.85-0.93 GB. Compiled here, before the server loads anything
 * else (main.ts), the burst comes on top of a 60 MB process, and the database then starts from this
 * module with the function's optimised code in place (docs/architecture.md, "Memory").
 * Only Node.js built-ins are imported, so that the entry point stays small until this has run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGliteOptions } from '@electric-sql/pglite';
import { pglitePackage } from './pglite-package.ts';

type CompiledModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** The WebAssembly global; its TypeScript declarations come with the DOM library, which the server leaves out. */
const { WebAssembly } = globalThis as unknown as {
  WebAssembly: { Module: new (code: Uint8Array) => CompiledModule };
};

/**
 * The costly function's index in each PGlite release's `pglite.wasm` (V8's numbering: imports
 * first). Found with `node --trace-wasm-compilation-times`, which prints the compiler memory of every
 * optimised function ("max/total bytes"): 2272 needs 604 MB, the next 86 MB. A PGlite release
 * without an entry starts as before (the memory bench shows its start-up peak).
 */
export const COSTLY_PGLITE_FUNCTION: Readonly<Record<string, number>> = { '0.5.16': 2272 };

/** V8 learnt to optimise a chosen function eagerly (`--wasm-eager-tier-up-function`) by 13.x (Node.js 24). */
const v8CanOptimiseEagerly = Number(process.versions.v8.split('.')[0]) >= 13;

let precompiled: CompiledModule | undefined;

/**
 * Compiles `pglite.wasm` synchronously (V8 finishes the eager optimisation before it returns, so
 * its memory is released before the caller goes on); a later `openDatabase` uses the module.
 */
export function precompilePglite(): void {
  const { directory, version } = pglitePackage();
  const costly = COSTLY_PGLITE_FUNCTION[version];
  if (costly === undefined || !v8CanOptimiseEagerly || precompiled) return;
  const code = readFileSync(path.join(directory, 'dist', 'pglite.wasm'));
  v8.setFlagsFromString(`--wasm-eager-tier-up-function=${costly}`);
  try {
    precompiled = new WebAssembly.Module(code);
  } finally {
    v8.setFlagsFromString('--wasm-eager-tier-up-function=-1');
  }
}

/** The module `precompilePglite` compiled, if it ran. */
export function precompiledPglite(): CompiledModule | undefined {
  return precompiled;
}
