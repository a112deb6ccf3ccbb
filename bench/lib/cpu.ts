import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time spent by this process and, on PostgreSQL, by the database's server processes
 * (the backends connected to the bench's database, read from /proc: the bench runs on the
 * database's machine). Unlike requests per second, CPU per request barely moves with what
 * else the machine is doing, so it is the figure to compare before and after a change.
 */
export async function cpuMeter(databaseUrl: string | undefined) {
  const ticks = 100; // USER_HZ on Linux
  const backendPids = async (): Promise<number[]> => {
    if (!databaseUrl) return [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  const procSeconds = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      return 0;
    }
  };
  return {
    async start() {
      const pids = await backendPids();
      const own = process.cpuUsage();
      const db = new Map(pids.map((pid) => [pid, procSeconds(pid)]));
      return {
        /** Seconds of CPU since start: this process, and the database's backends (0 on PGlite, which runs in this process). */
        async stop() {
          const ownUsed = process.cpuUsage(own);
          let dbSeconds = 0;
          for (const pid of await backendPids()) dbSeconds += procSeconds(pid) - (db.get(pid) ?? 0);
          return { server: (ownUsed.user + ownUsed.system) / 1e6, database: dbSeconds };
        },
      };
    },
  };
}
