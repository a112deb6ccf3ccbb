import { fileURLToPath } from 'node:url';
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Config = {
  port: number;
  host: string;
  /** postgres://... for a PostgreSQL server; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir: string;
  logLevel: string;
  /** Folder of the built web app; not served when it does not exist. */
  webDist: string;
  seedDemo: boolean;
};

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function configFromEnv(env = process.env): Config {
  return {
    port: intFromEnv('PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(repoRoot, 'data'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST || path.join(repoRoot, 'web', 'dist'),
    seedDemo: env.SEED_DEMO !== '0',
  };
}

export const paths = {
  repoRoot,
  migrations: path.join(repoRoot, 'server', 'drizzle'),
  demoTenants: path.join(repoRoot, 'server', 'src', 'tenants', 'demo'),
};
