import type { PolicyConfig } from '@federa/policy';
import { sql } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';

interface PolicyRow {
  id: string;
  parent_id: string | null;
  type: string;
  invert: boolean;
  config: Record<string, unknown>;
  name: string;
}

/** The stored policy each evaluated configuration came from, to say which one decided. */
export type PolicySources = WeakMap<PolicyConfig, { id: string; name: string; type: string }>;

/**
 * A stored policy with all its descendants, as the configuration the policy engine evaluates:
 * `{ type, invert, ...settings }`, composites with their `children` in name order. One query.
 */
export async function loadPolicyConfig(
  db: Executor,
  policyId: string,
  sources?: PolicySources,
): Promise<PolicyConfig | undefined> {
  const result = await db.execute(sql`
    with recursive tree as (
      select id, parent_id, type, invert, config, name from auth_policies where id = ${policyId}
      union all
      select child.id, child.parent_id, child.type, child.invert, child.config, child.name
      from auth_policies child join tree on child.parent_id = tree.id
    )
    select id, parent_id, type, invert, config, name from tree order by name
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as PolicyRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const build = (row: PolicyRow, seen: Set<string>): PolicyConfig => {
    const config: PolicyConfig = { ...(row.config ?? {}), type: row.type, invert: row.invert };
    if (row.type === 'composite') {
      const next = new Set(seen).add(row.id);
      config.children = rows
        .filter((child) => child.parent_id === row.id && !next.has(child.id))
        .map((child) => build(child, next));
    }
    sources?.set(config, { id: row.id, name: row.name, type: row.type });
    return config;
  };
  const root = byId.get(policyId);
  return root ? build(root, new Set()) : undefined;
}
