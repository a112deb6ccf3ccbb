import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/** What a client writes to ask for a backup; a connection that writes anything else is dropped. */
const REQUEST = 'backup\n';

/**
 * Where a running PGlite server hands out backups: a Unix socket beside its data folder, readable
 * by the server's own user only (mode 0600). Taking a backup is a local administrator's act: no
 * HTTP route, token or port exposes the database file.
 */
export function backupSocketPath(dataDir: string): string {
  const dir = path.resolve(dataDir);
  return path.join(path.dirname(dir), `.${path.basename(dir)}.backup.sock`);
}

/** Resolves with the running server's backup (`npm run backup`), or null when none serves the folder. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(backupSocketPath(dataDir), () => socket.write(REQUEST));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => {
      const tarball = Buffer.concat(chunks);
      if (tarball.length) resolve(tarball);
      else reject(new Error('the running server could not take the backup; see its log'));
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}

/**
 * Serves `dump()` to whoever connects to the folder's backup socket. A socket left by a crashed
 * process is replaced; one a live process answers on means two servers on one folder: refused.
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: { error: (obj: object, msg: string) => void },
): Promise<{ close: () => Promise<void> }> {
  const file = backupSocketPath(dataDir);
  if ((await requestAlive(file)) === true)
    throw new Error(`another server process serves the data folder ${dataDir}`);
  await unlink(file).catch(() => undefined);
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    let asked = '';
    socket.on('data', (c: Buffer) => {
      asked += c.toString('latin1');
      if (asked !== REQUEST) {
        if (!REQUEST.startsWith(asked)) socket.destroy();
        return;
      }
      dump()
        .then(async (blob) => socket.end(Buffer.from(await blob.arrayBuffer())))
        .catch((err: unknown) => {
          log.error({ err }, 'backup failed');
          socket.end();
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, resolve);
  });
  await chmod(file, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function requestAlive(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(file);
    // Connecting without asking costs the other process nothing.
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}
