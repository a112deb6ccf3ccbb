/**
 * Bundle budget of the production build: the JavaScript (and, shown beside it, the CSS) that each
 * first page a visitor can land on needs (the entry chunk, its static imports and their CSS; plus,
 * for pages whose route is lazy, that route's chunks and their static imports), gzip level 9.
 * Every page of PAGES is measured; one that cannot be (a chunk renamed or gone) fails, it is
 * never skipped. Fails when a page's JavaScript is over its ceiling, and when a first page
 * carries code of a feature that must load on demand.
 *
 * Issue 37: every first page is to be under GOAL_KB (150 KB) with React's own runtime included.
 * The pages were first held to 175 KB, the size React brought back (2026-12-03), and each page
 * has its own ceiling at its measured size plus a thin margin, so growth shows on the page that
 * grew; a page that shrinks should have its ceiling lowered. Hydrating the server's pages (issue
 * 37 part 2) added about 1.4 KB to the shared entry chunk; the ceilings of the pages it pushed
 * over went up by 1. The order, coupon and subscription message catalogues left the entry chunk
 * (2026-12-03: errors/params.ts read the status labels through orders/messages.ts, and
 * cart-store.ts the subscription keys through the subscription rules), about 6 KB; the ceilings
 * of home, /cart, /carta and the multisite home came down. The landings and /login went under
 * the goal (2026-12-03: a first page fetches only its own group of screen texts, DOMPurify loads
 * after the first render, /login draws its forms without react-hook-form, the providers' buttons
 * or the accounts' error texts), so no ceiling is above GOAL_KB any more (TARGET_KB) and theirs
 * came down. The toasts' Zoom transition (2026-12-05, issue 38) wraps the lazy container in the
 * entry chunk, a few dozen bytes that took /cart from just under 145 KB to just over: its
 * ceiling went up by 1. BUNDLE_BUDGET_KB=100 holds every page to one figure instead (a page's
 * limit is never above TARGET_KB). The web app runs on React (react, react-dom): a chunk holding Preact means a
 * substitute runtime came back and fails, and so does a chunk without React's runtime among the
 * first page's, and a first page's file without V8's eager compile hint on its first line.
 *
 *   npm run build && npm run bench:bundle            (reads web/dist)
 *   WEB_DIST=/tmp/dist-me npm run bench:bundle       (another build)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { landingPageType } from '../contract/src/tenancy/app';
import { EAGER_COMPILE_HINT } from '../web/build/compile-hints';

type LandingPageType = (typeof landingPageType)['options'][number];

/** Issue 37's goal for every first page, React included; shown beside each page. */
const GOAL_KB = 150;
/** No page's ceiling is above this: issue 37's goal, met by every page since 2026-12-03 (see above). */
const TARGET_KB = GOAL_KB;
/** One ceiling for every page instead of each page's own (e.g. BUNDLE_BUDGET_KB=120). */
const BUDGET_OVERRIDE_KB = process.env.BUNDLE_BUDGET_KB
  ? Number(process.env.BUNDLE_BUDGET_KB)
  : undefined;

/** Features whose code the store front's first page may hold; every other one loads lazily (see lazy-pages.ts). */
const STORE_FRONT_FEATURES = new Set(['shell', 'catalog', 'cookies', 'tenancy', 'maintenance']);

type Page = {
  name: string;
  /** Sources (manifest keys) of the lazy chunks that the page's route renders at once. */
  lazy: string[];
  /** KB of JavaScript gzip the page may not exceed (its size and a thin margin; see above). */
  ceilingKb: number;
};

/** Each landing type's own chunk (landing-page.tsx): typed by the contract, so a new type must be added here. */
const LANDINGS: Record<LandingPageType, { chunk: string; ceilingKb: number }> = {
  DEFAULT: { chunk: 'src/features/landing/components/default-landing.tsx', ceilingKb: 149 },
  MODEL_2: { chunk: 'src/features/landing/components/model2-landing.tsx', ceilingKb: 148 },
  MERCHANTS: { chunk: 'src/features/landing/components/merchants-landing.tsx', ceilingKb: 148 },
};

/**
 * The texts of the lazy screens (app/lazy-pages.ts `screen`, i18n/index.ts), fetched beside their
 * code: a first page fetches its own group only.
 */
const SCREEN_TEXTS = {
  landing: 'src/i18n/landing-es.ts',
  auth: 'src/i18n/auth-es.ts',
  checkout: 'src/i18n/checkout-es.ts',
} as const;

const PAGES: Page[] = [
  // The demo store's home redirects to /products, whose page is in the entry chunk.
  { name: 'home, /products', lazy: [], ceilingKb: 140 },
  { name: '/cart', lazy: ['src/features/cart/index.ts', SCREEN_TEXTS.checkout], ceilingKb: 146 },
  { name: '/carta', lazy: ['src/features/carta/index.ts'], ceilingKb: 141 },
  ...Object.entries(LANDINGS).map(([type, { chunk, ceilingKb }]) => ({
    name: `/landing ${type}`,
    lazy: ['src/features/landing/index.ts', chunk, SCREEN_TEXTS.landing],
    ceilingKb,
  })),
  {
    name: 'multisite home',
    lazy: ['src/features/tenancy/components/multisite-home.tsx'],
    ceilingKb: 142,
  },
  // 150 since 2026-12-04: the accounts' shared form pieces (issue 38: one submit button, one end of
  // both sign-in forms, the card drawn by StandaloneCard) put /login at 149.0 KB, a few dozen
  // bytes over 149; the goal's line, not past it.
  { name: '/login', lazy: ['src/features/auth/login.ts', SCREEN_TEXTS.auth], ceilingKb: 150 },
];

/**
 * Lazy chunks that every page fetches right after its first render, off the critical path (the
 * toast container, the error texts): found by a module they hold; shown, not budgeted.
 */
const DEFERRED_MODULES = ['node_modules/react-toastify/', 'web/src/i18n/errors.ts'];

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
  let measured: ReturnType<typeof closure>;
  try {
    measured = closure([entryKey, ...page.lazy]);
  } catch (error) {
    // A page that cannot be measured fails: it is never skipped.
    failures.push(`${page.name} cannot be measured: ${(error as Error).message}`);
    rows.push([
      page.name,
      '?',
      '?',
      '?',
      '?',
      '?',
      '?',
      String(page.ceilingKb),
      'NOT MEASURED',
      '?',
    ]);
    continue;
  }
  const { js, css } = measured;
  const sum = (files: Set<string>, key: 'raw' | 'gzip') =>
    [...files].reduce((total, file) => total + sizeOf(file)[key], 0);
  const jsGzip = sum(js, 'gzip');
  const cssGzip = sum(css, 'gzip');
  const total = jsGzip + cssGzip;
  const later = closure(deferredKeys);
  const deferred = new Set(
    [...later.js, ...later.css].filter((file) => !js.has(file) && !css.has(file)),
  );
  const ceilingKb = Math.min(BUDGET_OVERRIDE_KB ?? page.ceilingKb, TARGET_KB);
  const over = jsGzip > ceilingKb * 1024;
  const verdict = over ? 'OVER' : 'ok';
  rows.push([
    page.name,
    String(js.size),
    kb(sum(js, 'raw')),
    kb(jsGzip),
    kb(cssGzip),
    kb(total),
    kb(sum(deferred, 'gzip')),
    String(ceilingKb),
    verdict,
    jsGzip > GOAL_KB * 1024 ? 'not yet' : 'met',
  ]);
  if (over)
    failures.push(
      `${page.name}: ${kb(jsGzip)} KB of JavaScript gzip is over its ${ceilingKb} KB ceiling`,
    );

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
      // The error catalogue's texts load after the first page (web/src/i18n/index.ts): only
      // codes may be on it, so areas adding codes do not weigh on every first page.
      if (id === 'contract/src/errors/catalogue.ts') {
        failures.push(`${page.name} holds the whole error catalogue (${file})`);
      }
    }
  }
  if (features.size) {
    failures.push(
      `${page.name} loads code of ${[...features].join(', ')} on its first page: import those screens through web/src/app/lazy-pages.ts`,
    );
  }
}

// The product runs on React's own runtime: no chunk may hold a substitute (Preact and its compat
// layer), and the entry chunk must hold React DOM itself.
const SUBSTITUTE_RUNTIME = /^node_modules\/(preact|@preact|inferno|nervjs)\//;
for (const [file, ids] of Object.entries(chunkModules)) {
  const substitute = ids.filter((id) => SUBSTITUTE_RUNTIME.test(id));
  if (substitute.length)
    failures.push(
      `${file} holds a substitute for React (${substitute.slice(0, 3).join(', ')}): the web app runs on react and react-dom`,
    );
}
const entryModules = chunkModules[manifest[entryKey].file] ?? [];
if (!entryModules.some((id) => id.startsWith('node_modules/react-dom/')))
  failures.push(`the entry chunk does not hold React DOM's runtime: is React aliased away?`);

// The first page's file opens with V8's compile hint (web/build/compile-hints.ts): without it its
// functions compile on the main thread at their first call, inside the first render's long task.
const entryFile = manifest[entryKey].file;
if (!readFileSync(path.join(dist, entryFile), 'utf8').startsWith(`${EAGER_COMPILE_HINT}\n`))
  failures.push(
    `${entryFile} does not open with ${EAGER_COMPILE_HINT} (web/build/compile-hints.ts)`,
  );

const header = [
  'first page',
  'JS files',
  'JS KB',
  'JS KB gzip',
  'CSS KB gzip',
  'total KB gzip',
  'then KB gzip',
  'JS ceiling',
  `target ${TARGET_KB}`,
  `goal ${GOAL_KB}`,
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
