import type { Clock } from '../../src/scope/scope';

/**
 * A clock for the app under test that runs with real time and can be moved
 * forward: a test waits out a lifetime (a cache's, a code's) with `advance`
 * instead of sleeping through it.
 */
export function testClock(): { now: Clock; advance: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
