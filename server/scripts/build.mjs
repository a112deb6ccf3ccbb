// `npm run build -w server`: the server as plain JavaScript in server/dist, so production runs
// `node dist/main.js` with no transpiler at run time (tsx stays for development and tests).
// Dependencies stay in node_modules (external); the workspace's TypeScript contract is bundled.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@store/'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [
    'src/main.ts',
    'src/cluster.ts',
    'src/tenants/cli.ts',
    'src/modules/subscriptions/cli.ts',
    'src/modules/programs/expiry-cli.ts',
    'src/modules/orders/expiry-cli.ts',
    'src/modules/payments/reconcile-cli.ts',
  ],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Subpaths (drizzle-orm/pg-core, @electric-sql/pglite/contrib/...) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  // Chunks next to main.js: config.ts finds the repository two folders up from its own file.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
console.log(`server built into server/dist in ${Date.now() - started} ms`);
