/**
 * Bundles the server into one JavaScript file (`apps/server/dist/server.mjs`) that plain Node.js runs
 * without a TypeScript loader; `npm start` (through `npm run build`) does this before starting it.
 * Under tsx, which compiles every module as it loads and keeps the compiled text and its source map,
 * an idle server holds about 350 MB; from the bundle about half (docs/architecture.md, "Memory").
 * The server's own code and the workspace packages (TypeScript sources) are bundled; the npm
 * dependencies stay in node_modules and load as usual, so their native parts (argon2), WebAssembly
 * (PGlite) and data files are found where they are installed.
 * Run as a script (`npm run bundle -w @federa/server`) or call `buildServer()`: both also write the
 * embedded database's template (scripts/write-pglite-template.ts) when it is missing.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ensurePgliteTemplate } from './write-pglite-template.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(SERVER_ROOT, 'dist', 'server.mjs');

/**
 * V8 options the server runs with (`npm start`, the end-to-end tests, the benchmarks, the demo);
 * the package.json start scripts repeat them (a test keeps them equal). `--max-semi-space-size=8`
 * caps the young generation at 8 MB per semi-space: V8 sizes it from the machine's memory (up to
 * 64 MB per semi-space, about 128 MB resident once start-up has filled it), while a request's
 * short-lived garbage is small, so scavenges stay cheap: the same CPU time per request in our runs.
 * `--heap-growing-percent=50` lets the old generation grow by half of what is live after a full
 * collection instead of up to four times: a busy server stays near 190-200 MB instead of 310-330 MB,
 * for about 0.3 s more of full collections in a minute of list requests (1-2 % of the CPU time);
 * 30 % held it lower still but cost about 45 % more CPU per request (docs/architecture.md, "Memory").
 */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * Bare imports of npm packages stay imports; the workspace's own packages and the server's
 * package-internal aliases (`#platform/…`, the `imports` field of its package.json) are bundled.
 */
const dependenciesStayExternal: Plugin = {
  name: 'dependencies-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@federa/') || args.path.startsWith('#')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** The directory of the parts of a bundle that load later (`server.mjs` → `server-parts/`). */
export function bundlePartsDir(outfile: string): string {
  return `${outfile.replace(/\.mjs$/, '')}-parts`;
}

/**
 * The entry file (`src/main.ts`) imports only Node.js built-ins before it compiles the embedded
 * database's WebAssembly, and then imports the rest of the server dynamically; with `splitting` that
 * rest is a file of its own (in `bundlePartsDir`), so the npm dependencies it imports load only then
 * (docs/architecture.md, "Memory"). Each bundle has its own parts directory, emptied first.
 */
export async function bundleServer(outfile: string = SERVER_BUNDLE): Promise<string> {
  const partsDir = bundlePartsDir(outfile);
  await rm(partsDir, { recursive: true, force: true });
  await build({
    entryPoints: { [path.basename(outfile, '.mjs')]: path.join(SERVER_ROOT, 'src', 'main.ts') },
    outdir: path.dirname(outfile),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: `${path.basename(partsDir)}/[name]-[hash]`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [dependenciesStayExternal],
  });
  return outfile;
}

/** Everything `npm start` runs from: the bundle and the embedded database's template. */
export async function buildServer(): Promise<string> {
  const bundle = await bundleServer();
  await ensurePgliteTemplate();
  return bundle;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
}
