/**
 * Lighthouse (mobile emulation, simulated throttling: Lighthouse's defaults) on the demo store's
 * /landing, /products and /cart, served by the real production server (the e2e harness's
 * startServer: built web app, in-memory PGlite, demo tenants) and Debian's Chromium.
 * Fails when performance < 95 or accessibility < 100 on any page.
 *
 *   npm run build && npm run bench:lighthouse
 *   E2E_WEB_DIST=/tmp/dist-me LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse   (HTML reports kept)
 *   LIGHTHOUSE_PAGES=/products LIGHTHOUSE_RUNS=5 npm run bench:lighthouse                 (one page)
 *   LIGHTHOUSE_CPU_SLOWDOWN=8 npm run bench:lighthouse      (a slow phone: CPU 8x slower than here)
 *   npm run bench:lighthouse:slow-phone                     (the same, issue 20's check)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/lib/server';

const MIN_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE || 95);
const MIN_ACCESSIBILITY = Number(process.env.LIGHTHOUSE_MIN_ACCESSIBILITY || 100);
// Three runs per page, the median kept: one run swings by several points on a shared machine.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
// LIGHTHOUSE_PAGES=/products measures one page (comma-separated paths).
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/landing', '/products', '/cart'];
/**
 * Lighthouse's simulated CPU slowdown (its mobile default is 4). Issue 20 asks for the scores
 * also at 8, a slower phone. Only the simulation changes: network and emulation stay the defaults.
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
const reportsDir = process.env.LIGHTHOUSE_REPORTS;

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  lcp: string;
  tbt: string;
  cls: string;
  fcp: string;
  /** Lighthouse's CPU benchmark of this machine at the run (a quiet desktop: about 1500-2500). */
  benchmarkIndex: number;
};

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows: Row[] = [];
const failures: string[] = [];
try {
  for (const page of PAGES) {
    // With several runs the median performance run is kept, as Lighthouse's docs advise.
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(server.url('localhost', page), {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Merged into Lighthouse's mobile throttling (its other figures stay the defaults).
        ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      if (rows.length === 0 && run === 0)
        console.log(`throttling: ${JSON.stringify(result.lhr.configSettings.throttling)}`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.displayValue ?? '?';
      runs.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      });
      for (const audit of Object.values(audits)) {
        const failed =
          audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative';
        if (
          failed &&
          audit.scoreDisplayMode !== 'notApplicable' &&
          audit.scoreDisplayMode !== 'manual'
        ) {
          console.log(
            `  ${page} (run ${run + 1}): ${audit.id} ${audit.score} ${audit.displayValue ?? ''}`,
          );
        }
      }
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        const name = `${page.replace(/\W+/g, '_') || 'home'}-${run + 1}`;
        writeFileSync(path.join(reportsDir, `${name}.html`), result.report as string);
        writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(result.lhr));
      }
    }
    const median = [...runs].sort((a, b) => a.performance - b.performance)[
      Math.floor(runs.length / 2)
    ];
    rows.push(median);
    if (median.performance < MIN_PERFORMANCE)
      failures.push(`${page}: performance ${median.performance} < ${MIN_PERFORMANCE}`);
    if (median.accessibility < MIN_ACCESSIBILITY) {
      failures.push(`${page}: accessibility ${median.accessibility} < ${MIN_ACCESSIBILITY}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

console.log(
  `Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile emulation, CPU slowdown ${CPU_SLOWDOWN ?? '4 (default)'}, ${RUNS} run(s) per page (median)`,
);
console.log('| page | performance | accessibility | FCP | LCP | TBT | CLS | CPU index |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.benchmarkIndex} |`,
  );
}
if (failures.length) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
