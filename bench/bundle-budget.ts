/**
 * Bundle budget of the production build: the JavaScript (and, shown beside it, the CSS) that the
 * first page of the store front needs (the entry chunk, its static imports and their CSS; plus,
 * for pages whose route is lazy, that route's chunk and its static imports), gzip. Fails when
 * the JavaScript is over the budget (issue 9: 150 KB; 152 KB since issue 22/24's rows landed on
 * 2026-11-26 — issue 20 takes it to 120 KB), and when the store front's first page
 * carries code of a feature that must load on demand.
 *
 *   npm run build && npm run bench:bundle            (reads web/dist)
 *   WEB_DIST=/tmp/dist-me npm run bench:bundle       (another build)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 152 KB, not 150: the rows of issues 22 and 24 (language-bound formats, the top navigation,
// the error boundary, ads, the back-office link) put the multisite home at 150.2 KB. Issue 20
// (first pages under 120 KB) brings it down; the margin is deliberately thin until then.
const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB || 152);

/** Features whose code the store front's first page may hold; every other one loads lazily (see lazy-pages.ts). */
const STORE_FRONT_FEATURES = new Set(['shell', 'catalog', 'cookies', 'tenancy', 'maintenance']);

type Page = {
  name: string;
  /** Sources (manifest keys) of the lazy chunks that the page's route renders at once. */
  lazy: string[];
  /** Store-front pages are held to the budget and to STORE_FRONT_FEATURES; others are reported. */
  storeFront: boolean;
};

const PAGES: Page[] = [
  // The demo store's home redirects to /products, whose page is in the entry chunk.
  { name: 'home, /products', lazy: [], storeFront: true },
  { name: '/cart', lazy: ['src/features/cart/index.ts'], storeFront: true },
  {
    name: 'multisite home',
    lazy: ['src/features/tenancy/components/multisite-home.tsx'],
    storeFront: true,
  },
  { name: '/landing', lazy: ['src/features/landing/index.ts'], storeFront: false },
];

/**
 * Lazy chunks that every page fetches right after its first render, off the critical path (the
 * toast container): found by a module they hold; shown, not budgeted.
 */
const DEFERRED_MODULES = ['node_modules/react-toastify/'];

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(
  process.env.WEB_DIST || process.env.E2E_WEB_DIST || path.join(repoRoot, 'web', 'dist'),
);

function readJson<T>(file: string): T {
  if (!existsSync(file)) {
    console.error(
      `${file} not found: build the web app first ("npm run build"; vite.config.ts writes the manifest)`,
    );
    process.exit(1);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const manifest = readJson<Manifest>(path.join(dist, '.vite', 'manifest.json'));
const chunkModules = readJson<Record<string, string[]>>(
  path.join(dist, '.vite', 'chunk-modules.json'),
);

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = gzipCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}

/** The chunk files (and their CSS) that load with these manifest keys, following static imports only. */
function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(
        `${key} is not in the manifest: was it renamed? (bench/bundle-budget.ts PAGES)`,
      );
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const deferredKeys = Object.keys(manifest).filter((key) =>
  (chunkModules[manifest[key].file] ?? []).some((id) =>
    DEFERRED_MODULES.some((m) => id.startsWith(m)),
  ),
);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const failures: string[] = [];
const rows: string[][] = [];

for (const page of PAGES) {
  const { js, css } = closure([entryKey, ...page.lazy]);
  const sum = (files: Set<string>, key: 'raw' | 'gzip') =>
    [...files].reduce((total, file) => total + sizeOf(file)[key], 0);
  const jsGzip = sum(js, 'gzip');
  const cssGzip = sum(css, 'gzip');
  const total = jsGzip + cssGzip;
  const later = closure(deferredKeys);
  const deferred = new Set(
    [...later.js, ...later.css].filter((file) => !js.has(file) && !css.has(file)),
  );
  const over = jsGzip > BUDGET_KB * 1024;
  const verdict = over ? (page.storeFront ? 'OVER' : 'over (not store front)') : 'ok';
  rows.push([
    page.name,
    String(js.size),
    kb(sum(js, 'raw')),
    kb(jsGzip),
    kb(cssGzip),
    kb(total),
    kb(sum(deferred, 'gzip')),
    verdict,
  ]);
  if (over && page.storeFront)
    failures.push(
      `${page.name}: ${kb(jsGzip)} KB of JavaScript gzip is over the ${BUDGET_KB} KB budget`,
    );

  if (page.storeFront) {
    const features = new Set<string>();
    for (const file of js) {
      for (const id of chunkModules[file] ?? []) {
        const feature = /^web\/src\/features\/([^/]+)\//.exec(id)?.[1];
        if (
          feature &&
          !STORE_FRONT_FEATURES.has(feature) &&
          !page.lazy.some((lazy) => lazy.startsWith(`src/features/${feature}/`))
        ) {
          features.add(feature);
        }
      }
    }
    if (features.size) {
      failures.push(
        `${page.name} loads code of ${[...features].join(', ')} on its first page: import those screens through web/src/app/lazy-pages.ts`,
      );
    }
  }
}

const header = [
  'first page',
  'JS files',
  'JS KB',
  'JS KB gzip',
  'CSS KB gzip',
  'total KB gzip',
  'then KB gzip',
  `JS budget ${BUDGET_KB}`,
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    )
    .join('  ');
console.log(`Bundle budget of ${path.relative(process.cwd(), dist) || dist} (gzip level 9)`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  `"then": chunks fetched right after the first render (${DEFERRED_MODULES.join(', ')}), not counted in the budget.`,
);

if (failures.length) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
