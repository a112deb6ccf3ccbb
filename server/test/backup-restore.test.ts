import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client';
import { importTenant } from '../src/tenants/importer';
import { newMember } from './support/accounts';
import { call, closeClients, startServerProcess, type ServerProcess } from './support/processes';

/**
 * Backups of the embedded database (issue 21): `npm run backup` while the server runs and takes
 * registrations, `npm run restore` into a fresh folder, and a server on that folder answers with
 * the same store and the same members.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skip =
  process.env.TEST_DB === 'postgres' ? 'PGlite folders are checked in the PGlite pass' : false;

function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup/cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

const host = 'backup-shop.test';
const members = Array.from({ length: 100 }, () => newMember());
const member = (i: number) => members[i] as { email: string; password: string };

describe('npm run backup / npm run restore (PGlite)', { skip }, () => {
  let root: string;
  let servers: ServerProcess[] = [];
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'backup-'));
    // The store is made in this process, then handed to the server: one process per PGlite folder.
    const handle = await openDatabase({ dataDir: path.join(root, 'live') });
    await importTenant(handle.db, {
      app: { key: 'backup-shop', name: 'Tienda Respaldo', domain: host, main_company: 'main' },
      companies: [{ key: 'main', name: 'Empresa Respaldo' }],
      areas: [{ key: 'lima', name: 'Lima', country_code: 'PE' }],
    });
    await handle.close();
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    closeClients();
    await rm(root, { recursive: true, force: true });
  });

  test('a backup taken while members register restores into a fresh folder with the same store', async () => {
    const live = await startServerProcess({
      DATA_DIR: path.join(root, 'live'),
      RATE_LIMIT_FACTOR: '1000',
    });
    servers.push(live);
    const register = (i: number) =>
      call(live.port, 'POST', '/api/v5/register/', { host, body: members[i] });
    for (let i = 0; i < 3; i++) assert.equal((await register(i)).statusCode, 201);

    // The backup is taken from the running server while more registrations come in.
    const file = path.join(root, 'copies', 'store.tar.gz');
    const during = Promise.all([3, 4, 5, 6, 7].map(register));
    const taken = await cli(['backup', file], { DATA_DIR: path.join(root, 'live') });
    assert.equal(taken.code, 0, taken.output);
    assert.match(taken.output, /from the running server/);
    for (const r of await during) assert.equal(r.statusCode, 201, r.body);
    assert.equal(((await stat(file)).mode & 0o777).toString(8), '600');

    // Never over a database: restoring onto the live folder is refused and leaves it as it was.
    const before = await readdir(path.join(root, 'live'));
    const refused = await cli(['restore', file], { DATA_DIR: path.join(root, 'live') });
    assert.equal(refused.code, 1, refused.output);
    assert.match(refused.output, /not empty/);
    assert.deepEqual(await readdir(path.join(root, 'live')), before);

    const restored = await cli(['restore', file], { DATA_DIR: path.join(root, 'restored') });
    assert.equal(restored.code, 0, restored.output);
    const copy = await startServerProcess({
      DATA_DIR: path.join(root, 'restored'),
      RATE_LIMIT_FACTOR: '1000',
    });
    servers.push(copy);

    const appOn = async (port: number) =>
      (await call(port, 'GET', `/api/v7/apps/?domain=${host}`, { host })).data;
    assert.deepEqual(await appOn(copy.port), await appOn(live.port));
    assert.equal((await appOn(copy.port))[0].name, 'Tienda Respaldo');

    // Everyone registered before the backup signs in on the copy; those racing it are there whole or not at all.
    const signIn = (port: number, i: number) =>
      call(port, 'POST', '/api/v5/login/', {
        host,
        body: { email: member(i).email, password: member(i).password },
      });
    for (let i = 0; i < 3; i++) assert.equal((await signIn(copy.port, i)).statusCode, 200);
    for (let i = 3; i < 8; i++)
      assert.ok([200, 400].includes((await signIn(copy.port, i)).statusCode));
    // The copy is a store of its own: what happens on it does not reach the original.
    assert.equal(
      (await call(copy.port, 'POST', '/api/v5/register/', { host, body: members[99] })).statusCode,
      201,
    );
    assert.equal((await signIn(live.port, 99)).statusCode, 400);
  });

  test('with no server running, the folder itself is copied', async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    const file = path.join(root, 'copies', 'offline.tar.gz');
    const taken = await cli(['backup', file], { DATA_DIR: path.join(root, 'live') });
    assert.equal(taken.code, 0, taken.output);
    assert.match(taken.output, /no server running/);
    const restored = await cli(['restore', file], { DATA_DIR: path.join(root, 'offline') });
    assert.equal(restored.code, 0, restored.output);
    const copy = await startServerProcess({ DATA_DIR: path.join(root, 'offline') });
    servers.push(copy);
    const res = await call(copy.port, 'POST', '/api/v5/login/', {
      host,
      body: { email: member(7).email, password: member(7).password },
    });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('PostgreSQL is pointed at its own tools', async () => {
    const refused = await cli(['backup'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
    assert.equal(refused.code, 2);
    assert.match(refused.output, /pg_dump/);
  });
});
