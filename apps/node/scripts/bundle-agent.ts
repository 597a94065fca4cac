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
    // Some dependencies (socket.io-client's transport for Node.js) still call require().
    banner: {
      js: "import { createRequire as __agentRequire } from 'node:module'; const require = __agentRequire(import.meta.url);",
    },
  });
  return AGENT_BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await bundleAgent();
}
