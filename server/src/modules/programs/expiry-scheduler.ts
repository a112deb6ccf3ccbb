import fp from 'fastify-plugin';
import { runEvery } from '../../lib/run-every';
import { expirePoints } from './expiry';

/**
 * Runs the points expiry every `seconds` inside the server. Every process of
 * a cluster may run it: each member is decided under their row lock, so
 * concurrent runs expire points once.
 */
export const pointsExpirySchedulerPlugin = fp<{ seconds: number }>(
  async (app, { seconds }) =>
    runEvery(app, seconds, 'points expiry run', () => expirePoints(app.db, new Date(), app.log)),
  { name: 'points-expiry-scheduler', dependencies: ['database'] },
);
