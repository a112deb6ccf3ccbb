import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzipSync,
} from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip';

/** What the server encodes in, best first. */
export const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Brotli's quality for answers made per request: @fastify/compress's own default. */
export const BROTLI_QUALITY = 4;

/**
 * What each Accept-Encoding asked for chose, per offer: browsers send a handful of distinct
 * values, so the negotiation (a parse of the header) runs once per value, not per request (a
 * cached list's hit is a few tens of µs: bench:cached-list). Bounded: a client inventing values
 * only empties it.
 */
const chosen = new Map<string, Encoding | null>();
const CHOSEN_MAX = 256;

/**
 * The encoding this client takes, as @fastify/compress chooses it (its negotiator over the
 * encodings offered, `*` and x-gzip read as gzip), or null for an answer sent as it is.
 */
export function acceptedEncoding(request: FastifyRequest, encodings: Encoding[]): Encoding | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return null;
  const key = `${encodings.join(',')}\n${accepted}`;
  let encoding = chosen.get(key);
  if (encoding === undefined) {
    const best = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), encodings);
    encoding = best === 'br' || best === 'gzip' ? best : null;
    if (chosen.size >= CHOSEN_MAX) chosen.clear();
    chosen.set(key, encoding);
  }
  return encoding;
}

/** Marks the answer encoded: its encoding, `Vary: Accept-Encoding` and no stale length. */
export function markEncoded(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary)))
    reply.header('vary', `${vary}, accept-encoding`);
  reply.removeHeader('content-length');
}

/** A body held whole, compressed in one call (brotli at the quality of answers made per request). */
export function compressWhole(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body);
}

/**
 * A streamed answer compressed as it streams: every chunk written is flushed at once, so what the
 * server has rendered so far (a page's shell before its Suspense boundaries resolve) reaches the
 * browser without waiting for the end. @fastify/compress does not serve the not-found handler,
 * where the first pages are rendered, so they are compressed here.
 */
export function compressedStream(body: Readable, encoding: Encoding): Transform {
  const encoder =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  // An error of the body (a render that fails half-way) ends the encoder too, and the answer with it.
  pipeline(body, encoder, () => undefined);
  return encoder;
}
