/**
 * Bundles the node agent into one JavaScript file (`apps/node/dist/agent.mjs`) that plain Node.js
 * runs without a TypeScript loader: the agent idles in about two thirds of the memory it needs
 * under tsx, which compiles every module on the fly (docs/node-agent.md, "Memory").
 * Run as a script (`npm start -w @federa/node` does) or call `bundleAgent()`.
 */
import path from 'node:path';
import { build } from 'esbuild';

const NODE_ROOT = path.resolve(import.meta.dirname, '..');
export const AGENT_BUNDLE = path.join(NODE_ROOT, 'dist', 'agent.mjs');

/**
 * V8 options the agent runs with (`npm start -w @federa/node`, the demo; the start script repeats
 * them; figures in docs/node-agent.md, "Memory"):
 * - `--max-semi-space-size=1`: the agent's garbage is small and short-lived (hub messages, log lines,
 *   upload chunks), so a 1 MB semi-space costs it nothing measurable, while V8's default young
 *   generation alone would be a sizeable share of its memory.
 * - `--no-opt --no-maglev`: no optimising compilers for JavaScript, only the interpreter and the
 *   baseline compiler. The agent waits on the network and its runs; its heavy lifting (hashing,
 *   gzip, copying) is native. Their code pages and compilations cost about 4-5 MB, and the demo is
 *   no slower. Not `--lite-mode` or `--jitless`: they turn WebAssembly off, and Node.js's fetch
 *   parses HTTP with it (undici's llhttp).
 * - `--no-wasm-tier-up --no-wasm-dynamic-tiering`: llhttp stays in WebAssembly's baseline code.
 *   Optimising it took a short rise of 7-14 MB, and the C library kept about 9 MB of that; HTTP
 *   parsing is no measurable part of the agent's time (a 200 MB download is as fast).
 */
export const AGENT_NODE_OPTIONS = [
  '--max-semi-space-size=1',
  '--no-opt',
  '--no-maglev',
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
];

/**
 * Environment the agent runs with (the start script repeats it): a fixed malloc mmap threshold of
 * 128 kB. By default the C library raises the threshold each time a large block is freed, up to
 * 32 MB, so later large blocks (the agent's network and pipe buffers) come from the heap, which
 * does not shrink again: 7-9 MB were left there after a run in some agents and not in others. With
 * a fixed threshold, blocks of 128 kB and more are mapped and given back on release. 64 kB took a
 * few MB more off but made a 200 MB download 40 % slower (a map and unmap per read). One malloc
 * arena (`MALLOC_ARENA_MAX=1`) helped only while V8 still optimised llhttp on a worker thread.
 * glibc only; other C libraries ignore it.
 */
export const AGENT_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '131072' };

export async function bundleAgent(): Promise<string> {
  await build({
    entryPoints: [path.join(NODE_ROOT, 'src', 'main.ts')],
    outfile: AGENT_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    legalComments: 'none',
    logLevel: 'warning',
    // Some CommonJS dependencies (tar-stream, and streamx through events-universal) still call require().
    banner: {
      js: "import { createRequire as __agentRequire } from 'node:module'; const require = __agentRequire(import.meta.url);",
    },
  });
  return AGENT_BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await bundleAgent();
}
