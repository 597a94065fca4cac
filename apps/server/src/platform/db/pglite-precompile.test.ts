import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { pglitePackage } from './pglite-package.ts';
import { COSTLY_PGLITE_FUNCTION, precompiledPglite, precompilePglite } from './pglite-precompile.ts';

describe('the embedded database compiled ahead (main.ts)', () => {
  it('knows the costly function of the installed PGlite, or a first start peaks near 0.9 GB again', () => {
    // After a PGlite upgrade: find the function anew (pglite-precompile.ts says how) and add it.
    expect(Object.keys(COSTLY_PGLITE_FUNCTION)).toContain(pglitePackage().version);
  });

  it('serves queries from the module compiled ahead', async () => {
    precompilePglite();
    expect(precompiledPglite()).toBeDefined();
    const database = await openDatabase({ kind: 'pglite' });
    try {
      const result = (await database.db.execute(sql`select 40 + 2 as answer`)) as unknown as {
        rows: unknown[];
      };
      expect(result.rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
    }
  });
});
