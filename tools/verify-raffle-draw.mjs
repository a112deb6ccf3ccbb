#!/usr/bin/env node
/**
 * Re-runs a raffle draw from its record, with nothing but Node's own crypto, so anyone can
 * check it without the store's code:
 *
 *   node tools/verify-raffle-draw.mjs draw.json
 *
 * draw.json is the record the back office downloads (GET /api/v5/admin/raffles/{uid}/draw/):
 * { algorithm, seed, entries, entries_sha256, winners: [{rank, user}] }. Exit 0 and "OK" when
 * the entries hash to entries_sha256 and the algorithm gives the same winners; exit 1 otherwise.
 *
 * Algorithm hmac-sha256-fisher-yates/v1 (docs/decisions.md):
 * 1. entries are user uids sorted ascending; SHA-256 over them joined by "\n" (hex).
 * 2. Random 32-bit numbers: block c = HMAC-SHA256(key = seed bytes, "<hash>:<c>"), c = 0, 1, …,
 *    read as eight big-endian unsigned 32-bit numbers.
 * 3. below(n): next x, rejected while x >= 2^32 - (2^32 mod n); answer x mod n.
 * 4. For i = 0 … k-1: j = i + below(n - i); swap entries i and j. Winners: entries 0 … k-1.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';

export function verifyDraw(record) {
  const problems = [];
  if (record.algorithm !== 'hmac-sha256-fisher-yates/v1')
    return { ok: false, problems: [`unknown algorithm ${record.algorithm}`], winners: [] };
  const entries = record.entries;
  const sorted = [...entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.some((u, i) => u !== entries[i] || (i > 0 && u === sorted[i - 1])))
    problems.push('the entries are not sorted ascending without repeats');
  const hash = createHash('sha256').update(entries.join('\n'), 'utf8').digest('hex');
  if (hash !== record.entries_sha256)
    problems.push(`the entries hash to ${hash}, the record says ${record.entries_sha256}`);

  const key = Buffer.from(record.seed, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  const next = () => {
    if (offset >= block.length) {
      block = createHmac('sha256', key).update(`${hash}:${counter}`, 'utf8').digest();
      counter += 1;
      offset = 0;
    }
    const x = block.readUInt32BE(offset);
    offset += 4;
    return x;
  };
  const below = (n) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
  const order = [...entries];
  const expected = record.winners.map((w) => (typeof w === 'string' ? w : w.user));
  const k = Math.min(expected.length, order.length);
  for (let i = 0; i < k; i += 1) {
    const j = i + below(order.length - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const winners = order.slice(0, k);
  if (winners.length !== expected.length || winners.some((u, i) => u !== expected[i]))
    problems.push(`the draw gives ${winners.join(', ')}; the record says ${expected.join(', ')}`);
  return { ok: problems.length === 0, problems, winners };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node tools/verify-raffle-draw.mjs draw.json');
    process.exit(2);
  }
  const result = verifyDraw(JSON.parse(readFileSync(file, 'utf8')));
  if (result.ok) console.log(`OK: winners ${result.winners.join(', ')}`);
  else for (const p of result.problems) console.error(`FAILED: ${p}`);
  process.exit(result.ok ? 0 : 1);
}
