/**
 * The plans behind bench/scale.ts's figures: the statements one call of a path sends, recorded at
 * the driver (pg.Client#query, beneath the server's own wrappers, so the text and values are the
 * ones PostgreSQL runs), then each read run again under EXPLAIN (ANALYZE, BUFFERS) on a
 * connection of its own. A plan that reads a table other than by an index range scan (Seq Scan,
 * a Bitmap Heap Scan over many rows, a Sort of many rows) is what docs/scaling.md records.
 */
import pg from 'pg';
import { withValuesWritten } from '../../server/src/db/citus/explain';

export type Statement = { text: string; values: unknown[] };

let recording: Statement[] | null = null;
const original = pg.Client.prototype.query;

/** Patches pg.Client once: statements sent while `record` runs are kept. */
export function installStatementRecorder() {
  if ((pg.Client.prototype.query as { recorder?: true }).recorder) return;
  const recorder = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [config, values] = args as [unknown, unknown];
      if (typeof config === 'string')
        recording.push({ text: config, values: Array.isArray(values) ? values : [] });
      else if (config && typeof config === 'object' && 'text' in config) {
        const c = config as { text: string; values?: unknown[] };
        recording.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []) });
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as unknown as typeof original & { recorder?: true };
  recorder.recorder = true;
  pg.Client.prototype.query = recorder;
}

/** The statements `run` sends. */
export async function record(run: () => Promise<unknown>): Promise<Statement[]> {
  const kept: Statement[] = [];
  recording = kept;
  try {
    await run();
  } finally {
    recording = null;
  }
  return kept;
}

export type ExplainedStatement = {
  text: string;
  ms: number;
  plan: string;
  /** Why the plan is not an index range scan, or null. */
  finding: string | null;
};

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each read among `statements` (SELECT and WITH ... SELECT; the
 * writes of a checkout are left out: ANALYZE would run them again), slowest first. On Citus
 * (`literalValues`) the values are written into the text, as db/citus/explain.ts says why.
 */
export async function explainReads(
  url: string,
  statements: Statement[],
  literalValues = false,
): Promise<ExplainedStatement[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const explained: ExplainedStatement[] = [];
    for (const s of statements) {
      const text = s.text.trim();
      if (!/^(select|with)\b/i.test(text) || /\b(insert|update|delete)\b/i.test(text)) continue;
      if (/\bfor (update|share|no key update)\b/i.test(text)) continue;
      const result = literalValues
        ? await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS, SUMMARY ON) ${withValuesWritten(text, s.values)}`,
          )
        : await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS, SUMMARY ON) ${text}`,
            s.values,
          );
      const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      explained.push({ text, ms, plan, finding: findingOf(plan) });
    }
    return explained.sort((a, b) => b.ms - a.ms);
  } finally {
    await client.end();
  }
}

/**
 * The Markdown of one path's plans for SCALE_EXPLAIN_OUT: the slowest read in full, every other
 * one only when it is not an index range scan; `verdict` (Citus) heads it.
 */
export function planSection(
  name: string,
  explained: ExplainedStatement[],
  verdict?: string,
): string[] {
  const slowest = explained[0];
  const head = verdict ? [`Citus: ${verdict}.`, ''] : [];
  if (!slowest) return verdict ? [`### ${name}: no reads`, '', ...head] : [];
  const lines = [
    `### ${name}: ${explained.length} reads, the slowest ${slowest.ms.toFixed(2)} ms${slowest.finding ? ` (${slowest.finding})` : ''}`,
    '',
    ...head,
    '```sql',
    slowest.text,
    '```',
    '',
    '```',
    slowest.plan,
    '```',
    '',
  ];
  for (const other of explained.slice(1).filter((e) => e.finding))
    lines.push(
      `Also: ${other.ms.toFixed(2)} ms, ${other.finding}:`,
      '',
      '```',
      other.plan,
      '```',
      '',
    );
  return lines;
}

/** What in a plan is not an index range scan: big sequential scans, heap rechecks, sorts. */
function findingOf(plan: string): string | null {
  const found: string[] = [];
  for (const line of plan.split('\n')) {
    const rows = Number(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(line)?.[1] ?? 0);
    const removed = Number(/Rows Removed by (?:Filter|Index Recheck): (\d+)/.exec(line)?.[1] ?? 0);
    const seq = /Seq Scan on (\w+)/.exec(line);
    if (seq && rows + removed > 1000) found.push(`Seq Scan on ${seq[1]}`);
    const bitmap = /Bitmap Heap Scan on (\w+)/.exec(line);
    if (bitmap && rows > 1000) found.push(`Bitmap Heap Scan on ${bitmap[1]} (${rows} rows)`);
    if (/^\s*(->\s*)?Sort\b/.test(line) && rows > 1000) found.push(`Sort of ${rows} rows`);
    if (removed > 1000) found.push(`${removed} rows read and removed by a filter`);
  }
  return found.length ? [...new Set(found)].join('; ') : null;
}
