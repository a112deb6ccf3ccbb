import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './server';

/**
 * A data directory of its own (a file's DATA_DIR, named from `prefix` under the system's
 * temporary folder) holding the tenant files of e2e/fixtures named, imported with the tenant CLI
 * as an operator would. The file removes it when it ends.
 */
export async function dataDirWithFixtures(prefix: string, fixtures: string[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  for (const fixture of fixtures)
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/src/tenants/cli.ts',
        'import',
        path.join(repoRoot, 'e2e', 'fixtures', fixture),
      ],
      { cwd: process.env.E2E_SERVER_ROOT || repoRoot, env: { ...process.env, DATA_DIR: dataDir } },
    );
  return dataDir;
}
