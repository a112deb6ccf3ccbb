// Lints the OpenAPI document the server builds (no listening server, no network):
// builds the app on an in-memory database, writes `app.swagger()` to a temp file and runs
// `redocly lint` on it with ../redocly.yaml (the recommended rules). Fails on any problem,
// so a route without an operationId, a security requirement or responses fails `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';

const here = dirname(fileURLToPath(import.meta.url));
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ db: database.db, dbKind: database.kind });
await app.ready();
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();

const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const run = spawnSync(
  process.execPath,
  [cli, 'lint', file, '--config', join(here, '..', 'redocly.yaml'), '--max-problems', '1000'],
  {
    stdio: 'inherit',
    // Offline: no usage data, no update check (it would ask the npm registry).
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  },
);
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
