/**
 * Size of the web app's hub pages: the chunk each researcher and node operator screen loads on its
 * own (its lazy route module), raw and as sent (brotli copy the build writes), plus the shared entry.
 * Run from the repository root after `npm run build`: `npm run bench -- web`.
 * Writes bench/results/web.json and prints ratios against the previous run. A page chunk above the
 * target is reported as "above target"; it does not fail the run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
} from './support/results.ts';

const ASSETS = join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'assets');
/** A hub page's own chunk, brotli-compressed, should stay below this many bytes. */
const PAGE_TARGET_BYTES = 8 * 1024;
/** The lazy route modules of the hub screens (file names start with the module name). */
const PAGES = [
  'HomePage',
  'ProjectsPage',
  'ProjectPages',
  'ProjectNodesInPage',
  'ProjectAnalysesPages',
  'AnalysesPage',
  'AnalysisPages',
  'AnalysisNodesInPage',
  'AnalysisSetupPage',
  'AnalysisResultsPage',
];

function brotliBytes(file: string): number {
  const copy = `${file}.br`;
  return existsSync(copy) ? statSync(copy).size : brotliCompressSync(readFileSync(file)).length;
}

function main(): void {
  if (!existsSync(ASSETS)) {
    console.error(`web: ${ASSETS} is missing; run "npm run build" first.`);
    process.exitCode = 1;
    return;
  }
  const files = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
  const previous = readPreviousResults('web');
  const results = emptyResults();
  for (const page of [...PAGES, 'index']) {
    const name = files.find((file) => file.startsWith(`${page}-`));
    if (!name) {
      console.log(`web: ${page}: no chunk of its own (merged into another)`);
      continue;
    }
    const path = join(ASSETS, name);
    const raw = statSync(path).size;
    const sent = brotliBytes(path);
    results.cases[page] = { rawBytes: raw, brotliBytes: sent };
    const verdict =
      page === 'index' ? '' : sent <= PAGE_TARGET_BYTES ? ' (within target)' : ' (above target)';
    console.log(
      `web: ${page}: ${formatNumber(raw)} bytes, ${formatNumber(sent)} brotli${verdict} ` +
        ratioText(sent, previous?.cases[page]?.brotliBytes),
    );
  }
  console.log(`web: results written to ${writeResults('web', results)}`);
}

main();
