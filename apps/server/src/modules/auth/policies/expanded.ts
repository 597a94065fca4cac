import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';

type PolicyRecord = Record<string, unknown> & {
  id: string;
  name: string;
  type: string;
  parent_id: string | null;
  config?: unknown;
};
export type ExpandedPolicy = Record<string, unknown> & {
  id: string;
  name: string;
  type: string;
  children?: ExpandedPolicy[];
};

/** A policy with its settings flat and its descendants nested as `children` (GET policies/{id}/expanded). */
export async function loadExpandedPolicy(
  db: Executor,
  policyId: string,
): Promise<ExpandedPolicy | undefined> {
  const result = await db.execute(sql`
    with recursive tree as (
      select * from auth_policies where id = ${policyId}
      union all
      select child.* from auth_policies child join tree on child.parent_id = tree.id
    )
    select * from tree order by name
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as PolicyRecord[];
  const build = (row: PolicyRecord, seen: Set<string>): ExpandedPolicy => {
    const { config, ...rest } = row;
    const policy: ExpandedPolicy = { ...((config as Record<string, unknown>) ?? {}), ...rest };
    if (row.type === 'composite') {
      const next = new Set(seen).add(row.id);
      policy.children = rows
        .filter((child) => child.parent_id === row.id && !next.has(child.id))
        .map((child) => build(child, next));
    }
    return policy;
  };
  const root = rows.find((row) => row.id === policyId);
  return root ? build(root, new Set()) : undefined;
}
