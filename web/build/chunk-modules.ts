import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json (chunk file -> source modules, repo-relative) beside Vite's
 * manifest, so bench/bundle-budget.ts can tell which features the first page loads.
 */
export function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('../..', import.meta.url));
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
