import type { FastifyInstance } from 'fastify';
import { schedulerDuration, schedulerRuns } from '../modules/monitoring/metrics';

/**
 * Runs `job` every `seconds` inside the server once it is ready (0: never, as
 * in the API tests). A run never overlaps the previous one (a slow run skips
 * the ticks it spans), a failed run is logged and the next tick tries again,
 * and closing the server waits for the run on its way. Every process of a
 * cluster runs its own timer: each job must be safe when run concurrently.
 */
export function runEvery(
  app: FastifyInstance,
  seconds: number,
  what: string,
  job: () => Promise<unknown>,
): void {
  if (!seconds) return;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    const end = schedulerDuration.startTimer({ job: what });
    running = job()
      .then(
        () => schedulerRuns.inc({ job: what, outcome: 'ok' }),
        (err) => {
          schedulerRuns.inc({ job: what, outcome: 'failed' });
          app.log.error({ err }, `${what} failed`);
        },
      )
      .finally(() => {
        end();
        running = null;
      });
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
