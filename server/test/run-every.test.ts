import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { runEvery } from '../src/lib/run-every';

test('runs the job every interval once ready, never two at once, and closing waits for the run', async () => {
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
  await new Promise((resolve) => setTimeout(resolve, 3300));
  await app.close();
  assert.ok(started >= 1, 'the job ran');
  assert.equal(overlapped, false);
  assert.equal(finished, started, 'closing waited for the run on its way');
});

test('0 seconds never runs; a failing run is logged and the next one still comes', async () => {
  const off = Fastify({ logger: false });
  let ran = false;
  runEvery(off, 0, 'never', async () => {
    ran = true;
  });
  await off.ready();
  await off.close();
  assert.equal(ran, false);

  const app = Fastify({ logger: false });
  let runs = 0;
  runEvery(app, 1, 'failing job', async () => {
    runs += 1;
    throw new Error('boom');
  });
  await app.ready();
  await new Promise((resolve) => setTimeout(resolve, 2300));
  await app.close();
  assert.ok(runs >= 2, `ran ${runs} times`);
});
