import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/bench_cat', dataDir: 'memory://', preparedStatements: true });
const app = await buildApp({ db: database.db, dbKind: database.kind, publicCacheSeconds: 0, tenantCacheSeconds: 5 } as any);
const place = process.argv[2];
for (const q of process.argv.slice(3)) {
  for (let i = 0; i < Number(process.env.N ?? 1); i++) {
    const r = await app.inject({ method: 'GET', url: `/api/v7/places/${place}/products/${q}`, headers: { host: 'bench.localhost' } });
    if (i === 0) console.log(q, r.statusCode, r.body.length);
  }
}
await app.close(); await database.close();
