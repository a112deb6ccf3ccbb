import { createRequire } from 'node:module';
import type { ClientBase } from 'pg';

/**
 * Whether a statement the app sent is a single-shard ("router") query on Citus, read from Citus's
 * own EXPLAIN: every Citus scan in the plan, the statement's own and those of the subplans Citus
 * runs apart (a CTE, a sub-select it plans recursively), prints `Task Count: N`, the number of
 * shards it reaches. A statement of one tenant names its `app_id` and Citus prunes it to one
 * shard (1); a statement that fans out shows 8 (the cluster's shards a table). A statement on
 * reference tables only (`apps`) runs on one node and shows 1 as well, and one that reads no
 * Citus table shows none. Shared by server/test/citus-distribution.test.ts (test scale) and
 * bench/scale.ts (the same paths at 10^4-10^6 orders), so both judge the same way.
 */

/**
 * Statements that are not about one tenant by design and may run beside a request: the mail
 * worker's look for due mails over every tenant's outbox (a background job, woken by an order's
 * confirmation mail; the claim that follows is single-shard). docs/scaling.md lists it among the
 * rare jobs allowed to fan out; no request path sends it.
 */
export const crossTenantJobs = [/^select "app_id", "uid" from "mail_outbox"/];

/** node-postgres's own conversion of a parameter to its text, and its literal quoting. */
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): unknown;
  escapeLiteral(text: string): string;
};

/**
 * The statement with each `$n` replaced by its value as an untyped literal, which PostgreSQL types
 * from the context exactly as it types the untyped text parameters node-postgres sends. EXPLAIN
 * is given literals, not parameters, because Citus runs a statement's subplans (a CTE it plans
 * apart) while explaining it, and those see no parameter values ("no value found for parameter
 * 1"); the request itself ran them with its parameters.
 */
export function withValuesWritten(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = pgUtils.prepareValue(values[Number(n) - 1]) as unknown;
    if (value === null || value === undefined) return 'NULL';
    if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
    return pgUtils.escapeLiteral(String(value));
  });
}

/** A data statement (read or write) whose plan says which shards it reaches. */
export function isShardedStatement(text: string): boolean {
  return (
    /^\s*(select|insert|update|delete|with)\b/i.test(text) &&
    !crossTenantJobs.some((re) => re.test(text))
  );
}

export type ShardPlan = { text: string; plan: string; tasks: number[] };

/** Citus's EXPLAIN (no ANALYZE: nothing runs) of each data statement, with its task counts. */
export async function explainShards(
  client: Pick<ClientBase, 'query'>,
  statements: { text: string; values: unknown[] }[],
): Promise<ShardPlan[]> {
  const out: ShardPlan[] = [];
  for (const st of statements.filter((s) => isShardedStatement(s.text))) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${withValuesWritten(st.text, st.values)}`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const tasks = [...plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1]));
    out.push({ text: st.text, plan, tasks });
  }
  return out;
}
