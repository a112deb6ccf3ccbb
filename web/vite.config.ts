import { defineConfig } from 'vite';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chunkModules } from './build/chunk-modules';
import { compileHints } from './build/compile-hints';
import { precompress } from './build/precompress';

/**
 * The id error reports name their build by (web/src/lib/build-id.ts): BUILD_ID when the deploy
 * sets one, else the commit checked out (with '-dirty' for local changes), else 'dev'.
 */
function buildId(): string {
  let id = process.env.BUILD_ID;
  if (!id) {
    try {
      id = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=12'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    } catch {
      id = 'dev';
    }
  }
  return id.replace(/[^\w.+-]/g, '-').slice(0, 64) || 'dev';
}

/** The server's render of first pages: web/dist-server/entry-server.js, imported by the server. */
const ssrBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  target: 'node24',
  minify: false,
  copyPublicDir: false,
  rolldownOptions: {
    onwarn(warning: { code?: string; message: string }, warn: (w: never) => void) {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client'))
        return;
      warn(warning as never);
    },
  },
};

// The API runs on its own process in development; the browser keeps calling /api on the
// page's host (e.g. multi.localhost:5173) and the Host header is kept so the server
// resolves the right tenant.
export default defineConfig(({ isSsrBuild }) => ({
  // The server's render (src/entry-server.tsx, `vite build --ssr`) is a Node module: none of the
  // browser build's chunking, compile hints or precompressed copies.
  plugins: isSsrBuild ? [] : [chunkModules(), compileHints(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
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
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // Every browser of the es2022 target supports <link rel="modulepreload">.
        modulePreload: { polyfill: false },
        // Read by bench/bundle-budget.ts (the first page's JavaScript and CSS); not served (dot folder).
        manifest: true,
        rolldownOptions: {
          onwarn(warning, warn) {
            // Libraries' "use client" markers mean nothing in a client-only bundle.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client'))
              return;
            warn(warning);
          },
          output: {
            // Everything the entry imports statically goes into one file. Left to itself the bundler
            // splits it into some twenty small chunks shared with lazy screens, and a phone on a slow
            // network pays a round trip per file before the first render; lazy screens still load
            // alone and take what they share from this one file.
            // The error texts split by area into chunks named after it; prefixed, a shopper's page
            // never fetches a `staff-*.js` that is only the staff area's messages.
            chunkFileNames: (chunk) =>
              chunk.moduleIds.length > 0 &&
              chunk.moduleIds.every((id) => /contract[\\/]src[\\/]errors[\\/]/.test(id))
                ? 'assets/error-texts-[name]-[hash].js'
                : 'assets/[name]-[hash].js',
            codeSplitting: {
              groups: [{ name: 'first-page', tags: ['$initial'] }],
            },
          },
        },
      },
}));
