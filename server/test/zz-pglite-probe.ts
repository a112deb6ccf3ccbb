import { pgliteTemplate } from './support/database-templates';
import { openDatabase } from '../src/db/client';
const t0 = performance.now();
const blob = await pgliteTemplate('seeded');
console.log('template', performance.now() - t0, blob.size);
for (let i = 0; i < 4; i++) {
  const t = performance.now(); const c0 = process.cpuUsage();
  const h = await openDatabase({ dataDir: 'memory://', loadDataDir: blob });
  const t1 = performance.now();
  await (h.db as any).execute?.('select 1');
  await h.close();
  const c = process.cpuUsage(c0);
  console.log('open', Math.round(t1 - t), 'total', Math.round(performance.now() - t), 'cpu', Math.round((c.user + c.system) / 1000));
}
