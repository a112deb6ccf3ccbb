/**
 * `npm run bench:main-thread`: the main thread's work on the first pages (/landing, /products,
 * /cart) in Debian's Chromium, from a Chromium trace of each load in a fresh browser context
 * (phone viewport), served by the real production server as bench:lighthouse serves them.
 *
 * Lighthouse's score swings by several points from run to run on a shared machine, more than a
 * change of 20 ms of script moves it. This counts what Lighthouse's blocking time is made of,
 * the main thread's tasks, directly: their sum, the longest, and the blocking time the tasks
 * after the first contentful paint would make on a phone N times slower (each task times N, less
 * 50 ms; Lighthouse's simulation also moves tasks around the network, so this is a guide to its
 * TBT, not the same number).
 *
 *   npm run build && npm run bench:main-thread
 *   MAIN_THREAD_VERSUS=/tmp/dist-before npm run bench:main-thread   (that build's loads alternate
 *     with this one's, load by load, so the machine's drift falls on both alike)
 *   MAIN_THREAD_PAGES=/products MAIN_THREAD_RUNS=9 MAIN_THREAD_SLOWDOWN=4 npm run bench:main-thread
 */
import { launchBrowser } from '../e2e/lib/browser';
import { startServer, webDist, type RunningServer } from '../e2e/lib/server';

const RUNS = Number(process.env.MAIN_THREAD_RUNS || 7);
const PAGES = process.env.MAIN_THREAD_PAGES?.split(',') ?? ['/landing', '/products', '/cart'];
const SLOWDOWN = Number(process.env.MAIN_THREAD_SLOWDOWN || 8);
/** Another build (a web/dist folder) to measure beside this checkout's, e.g. the one before a change. */
const VERSUS = process.env.MAIN_THREAD_VERSUS;
/** How long after the load event the trace goes on: the renders as the API answers arrive. */
const SETTLE_MS = 2500;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
};
type Run = { tasks: number; longest: number; blocking: number; count: number; fcp: number };
type Task = { start: number; ms: number };

const taskTime = (tasks: Task[]) => tasks.reduce((sum, t) => sum + t.ms, 0);

/** The page's renderer main thread's tasks: the CrRendererMain that ran the most task time. */
function mainThreadTasks(events: TraceEvent[]): Task[] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, Task[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(thread) || !e.dur) continue;
    let tasks = byThread.get(thread);
    if (!tasks) byThread.set(thread, (tasks = []));
    tasks.push({ start: e.ts, ms: e.dur / 1000 });
  }
  return [...byThread.values()].sort((a, b) => taskTime(b) - taskTime(a))[0] ?? [];
}

/** When the page first painted content (trace clock), as blocking time counts from there. */
function firstContentfulPaint(events: TraceEvent[]): number | undefined {
  return events
    .filter((e) => e.name === 'firstContentfulPaint')
    .map((e) => e.ts)
    .sort((a, b) => a - b)[0];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sides = [{ name: webDist, server: await startServer() }];
if (VERSUS) sides.push({ name: VERSUS, server: await startServer({ WEB_DIST: VERSUS }) });
const browser = await launchBrowser();

async function load(server: RunningServer, pagePath: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(server.url('localhost', pagePath), { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    const tasks = mainThreadTasks(traceEvents);
    const fcp = firstContentfulPaint(traceEvents);
    if (fcp === undefined) throw new Error(`${pagePath}: no first contentful paint in the trace`);
    const firstTask = Math.min(...tasks.map((t) => t.start));
    return {
      tasks: taskTime(tasks),
      longest: Math.max(0, ...tasks.map((t) => t.ms)),
      blocking: tasks
        .filter((t) => t.start >= fcp)
        .reduce((sum, t) => sum + Math.max(0, t.ms * SLOWDOWN - 50), 0),
      count: tasks.length,
      fcp: (fcp - firstTask) / 1000,
    };
  } finally {
    await context.close();
  }
}

const rows: string[] = [];
try {
  for (const pagePath of PAGES) {
    const runs = sides.map(() => [] as Run[]);
    // One load of each side first, not counted: the server's first answers are slower.
    for (let run = 0; run <= RUNS; run++) {
      // The sides take turns going first.
      const order = sides.map((_, i) => i);
      if (run % 2) order.reverse();
      for (const i of order) {
        const result = await load(sides[i].server, pagePath);
        if (run > 0) runs[i].push(result);
      }
    }
    sides.forEach((side, i) => {
      const of = (key: keyof Run) => median(runs[i].map((r) => r[key])).toFixed(0);
      rows.push(
        `| ${pagePath} | ${side.name} | ${of('tasks')} | ${of('longest')} | ${of('count')} | ${of('fcp')} | ${of('blocking')} |`,
      );
    });
  }
} finally {
  await browser.close();
  for (const side of sides) await side.server.stop();
}
console.log(
  `\nMain thread of the first pages, median of ${RUNS} loads each (fresh context, 390x844), ${SETTLE_MS} ms after the load event\n`,
);
console.log(
  `| page | build | task time ms | longest task ms | tasks | first paint ms | blocking time at ${SLOWDOWN}x after it, ms (each task x ${SLOWDOWN} - 50) |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
