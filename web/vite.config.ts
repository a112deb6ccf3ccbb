import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes .vite/chunk-modules.json (chunk file -> source modules, repo-relative) beside Vite's
 * manifest, so bench/bundle-budget.ts can tell which features the first page loads.
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        map[item.fileName] = item.moduleIds.map((id) =>
          id.replace(root, '').replace(/^.*node_modules\//, 'node_modules/'),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map),
      });
    },
  };
}

/**
 * Writes .br and .gz beside every text file of the build (the public folder's too), once at build
 * time at the best levels: the server sends them (@fastify/static preCompressed) without
 * compressing anything per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(entry.name))
          continue;
        const file = path.join(entry.parentPath, entry.name);
        if (file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        await writeFile(`${file}.br`, brotli);
        await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// The API runs on its own process in development; the browser keeps calling /api on the
// page's host (e.g. multi.localhost:5173) and the Host header is kept so the server
// resolves the right tenant.
export default defineConfig({
  plugins: [react(), chunkModules(), precompress()],
  resolve: {
    // The store front needs only the contract's constants at run time; importing the package
    // root would pull every zod schema into the first page.
    // Single files of the contract are reachable as '@store/contract/<path>' (e.g. '/constants',
    // '/auth/schemas'): the accounts schemas load only with the lazily-loaded accounts screens.
    alias: [
      {
        find: /^@store\/contract\/(.+)$/,
        replacement: `${fileURLToPath(new URL('../contract/src/', import.meta.url))}$1.ts`,
      },
    ],
  },
  server: {
    host: true,
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // Read by bench/bundle-budget.ts (the first page's JavaScript and CSS); not served (dot folder).
    manifest: true,
  },
});
