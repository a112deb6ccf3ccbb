import type { Clock } from '../scope/scope';

/**
 * lru-cache options that make a cache's lifetimes follow `clock`, so a test
 * moves its clock forward instead of sleeping; none without a clock, so the
 * server keeps lru-cache's own monotonic timer.
 */
export function cacheClock(clock?: Clock): { perf?: { now(): number }; ttlResolution?: number } {
  // lru-cache reuses its "now" for ttlResolution ms; 0, so a clock moved forward is seen at once.
  return clock ? { perf: { now: () => clock().getTime() }, ttlResolution: 0 } : {};
}
