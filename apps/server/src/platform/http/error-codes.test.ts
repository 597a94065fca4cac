import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PermissionErrorCode, PolicyErrorCode } from '@federa/policy';
import { ErrorCode } from '@federa/schemas';
import { describe, expect, it } from 'vitest';

/*
 * Every `code` an error response can carry is a phrase key the web app translates (docs/design.md §4). The
 * catalogue is `ErrorCode` in packages/schemas, and apps/web/src/api/error-phrase.test.ts checks that
 * each of its codes has an English and a German phrase. This test closes the chain on the server
 * side: it reads the server's source for every code it raises and fails when one is not catalogued.
 */

const SERVER_SOURCE = path.resolve(import.meta.dirname, '../..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')
      ? [file]
      : [];
  });
}

/** Codes written as literals where errors are raised: `new HttpError(403, 'code', ...)`, helpers, bodies. */
const PATTERNS = [
  /new HttpError\(\s*\d{3}\s*,\s*'([a-z][a-z0-9_]*)'/g,
  /\b(?:badRequest|forbidden|unauthorized)\([^;]*?,\s*'([a-z][a-z0-9_]*)'\s*\)/gs,
  /statusCode:\s*\d{3}\s*,\s*code:\s*'([a-z][a-z0-9_]*)'/g,
];

function emittedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of sourceFiles(SERVER_SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of PATTERNS) {
      for (const match of text.matchAll(pattern)) codes.set(match[1]!, path.relative(SERVER_SOURCE, file));
    }
  }
  return codes;
}

describe('error codes', () => {
  const catalogue = new Set<string>(Object.values(ErrorCode));

  it('finds the codes the server raises (the scan itself works)', () => {
    const codes = emittedCodes();
    for (const known of [
      'too_many_attempts',
      'insufficient_permissions',
      'feature_disabled',
      'policy_denied',
    ])
      expect(codes.has(known), known).toBe(true);
  });

  it('catalogues every code the server raises, so each has a translated phrase', () => {
    const missing = [...emittedCodes()]
      .filter(([code]) => !catalogue.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('catalogues the codes of the policy engine and permission checker', () => {
    const engine = [...Object.values(PolicyErrorCode), ...Object.values(PermissionErrorCode)];
    expect(engine.filter((code) => !catalogue.has(code))).toEqual([]);
  });
});
