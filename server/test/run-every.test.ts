import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import Fastify from 'fastify';
import { runEvery } from '../src/lib/run-every';

// The timers are node:test's mock timers: time passes when the test says so, not by sleeping.

/** Moves the mocked time forward `ms`, a tenth of a second at a time, letting the jobs' promises settle. */
async function elapse(t: TestContext, ms: number) {
  for (let passed = 0; passed < ms; passed += 100) {
    t.mock.timers.tick(100);
    await settle();
  }
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('runs the job every interval once ready, never two at once, and closing waits for the run', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
  const app = Fastify({ logger: false });
  let started = 0;
  let running = 0;
  let overlapped = false;
  let finished = 0;
  runEvery(app, 1, 'slow job', async () => {
    started += 1;
    running += 1;
    if (running > 1) overlapped = true;
    // Longer than the interval: the ticks it spans are skipped, not stacked.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    running -= 1;
    finished += 1;
  });
  await app.ready();
  await elapse(t, 3300);
  // Ticks at 1 s (a run until 2.5 s), 2 s (skipped: the run is on its way) and 3 s (a run until 4.5 s).
  assert.equal(started, 2, 'the tick during a run is skipped');
  assert.equal(overlapped, false);
  let closed = false;
  const closing = app.close().then(() => (closed = true));
  await settle();
  assert.equal(closed, false, 'closing waits for the run on its way');
  await elapse(t, 1500);
  await closing;
  assert.equal(finished, 2, 'the run on its way finished before the close');
  await elapse(t, 3000);
  assert.equal(started, 2, 'no run after the close');
});

test('0 seconds never runs; a failing run is logged and the next one still comes', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
  const off = Fastify({ logger: false });
  let ran = false;
  runEvery(off, 0, 'never', async () => {
    ran = true;
  });
  await off.ready();
  await elapse(t, 3000);
  await off.close();
  assert.equal(ran, false);

  const logged: string[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
  });
  let runs = 0;
  runEvery(app, 1, 'failing job', async () => {
    runs += 1;
    throw new Error('boom');
  });
  await app.ready();
  await elapse(t, 2300);
  await app.close();
  assert.equal(runs, 2, 'the run after a failure still came');
  assert.equal(logged.filter((line) => line.includes('failing job failed')).length, 2);
});
