import { createHash, createHmac, randomBytes } from 'node:crypto';
import { RAFFLE_DRAW_ALGORITHM } from '@store/contract';

/**
 * The raffle draw, `hmac-sha256-fisher-yates/v1` (docs/decisions.md; the same steps in
 * plain Node, with no project code, in tools/verify-raffle-draw.mjs so anyone can check a
 * draw record):
 *
 * 1. entries: the entrants' user uids (lower case), sorted ascending by code unit; their
 *    SHA-256 is taken over the uids joined by "\n" (UTF-8), hex.
 * 2. A stream of random 32-bit numbers: block c (c = 0, 1, 2 …) is
 *    HMAC-SHA256(key = the 32 seed bytes, message = "<entries hash>:<c>"), read as eight
 *    big-endian unsigned 32-bit numbers. Binding the hash in means the seed only ever drew
 *    over that exact list.
 * 3. A number below n: take the next x from the stream; reject it while
 *    x >= 2^32 - (2^32 mod n) (so every remainder is equally likely: no modulo bias); the
 *    answer is x mod n.
 * 4. A partial Fisher–Yates shuffle: for i = 0 … k-1, j = i + below(n - i), swap entries
 *    i and j; the winners are entries 0 … k-1 in that order (k = min(winners, n)).
 */
export const DRAW_ALGORITHM = RAFFLE_DRAW_ALGORITHM;

export function entriesHash(entries: readonly string[]): string {
  return createHash('sha256').update(entries.join('\n'), 'utf8').digest('hex');
}

/** The entrants in the draw's order: lower-case uids, ascending by code unit, no repeats. */
export function sortEntries(uids: readonly string[]): string[] {
  return [...new Set(uids.map((u) => u.toLowerCase()))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
}

function randomStream(seedHex: string, hash: string) {
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return (): number => {
    if (offset >= block.length) {
      block = createHmac('sha256', key).update(`${hash}:${counter}`, 'utf8').digest();
      counter += 1;
      offset = 0;
    }
    const x = block.readUInt32BE(offset);
    offset += 4;
    return x;
  };
}

/** Re-runs (or runs) a draw: the same seed and entries always give the same winners. */
export function drawWinners(seedHex: string, sortedEntries: readonly string[], count: number) {
  const n = sortedEntries.length;
  const next = randomStream(seedHex, entriesHash(sortedEntries));
  const below = (m: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const x = next();
      if (x < limit) return x % m;
    }
  };
  const order = [...sortedEntries];
  const k = Math.min(count, n);
  for (let i = 0; i < k; i += 1) {
    const j = i + below(n - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, k);
}

/** A fresh seed: 32 bytes from the operating system's CSPRNG, hex. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}
