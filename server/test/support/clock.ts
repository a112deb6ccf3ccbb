import type { Clock } from '../../src/scope/scope';

/**
 * A clock for the app under test that runs with real time and can be moved
 * forward: a test waits out a lifetime (a cache's, a code's) with `advance`
 * instead of sleeping through it.
 */
export function testClock(): {
  now: Clock;
  advance: (ms: number) => void;
  startWindow: (seconds: number) => void;
} {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    advance: (ms) => {
      offset += ms;
    },
    /**
     * Moves forward to the start of the next fixed window of `seconds` (rate limits count in
     * windows aligned on the epoch): what a test counts then cannot straddle two windows.
     */
    startWindow: (seconds) => {
      const ms = seconds * 1000;
      offset += ms - (now().getTime() % ms);
    },
  };
}
