import fp from 'fastify-plugin';
import {
  acceptedEncoding,
  compressWhole,
  markEncoded,
  type Encoding,
} from './compression-encoding';

/** Answers of these types and sizes are compressed here; others are left to @fastify/compress. */
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/|image\/svg\+xml)/;
const MAX_BYTES = 32 * 1024;

/**
 * Compresses an API answer held whole in memory (a JSON body, the page shell) in one synchronous
 * call, before @fastify/compress would. That plugin pipes every answer through streams (the body
 * made a Readable, a peek stream to spot what is compressed already, a zlib stream, pump), and for
 * a checkout's answer of 2 KB that machinery cost more of the server's CPU than the compression
 * itself, about a tenth of all of it (bench/RESULTS.md, 2026-12-01). The choice of encoding is
 * @fastify/compress's own (its negotiator over br and gzip, `*` and x-gzip read as gzip, the same
 * threshold and brotli quality 4), so a client sees the same answer either way; streams, files and
 * larger bodies still go to @fastify/compress, which leaves an answer this hook encoded alone.
 */
export const smallCompressionPlugin = fp<{ threshold: number; encodings: Encoding[] }>(
  async (app, { threshold, encodings }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const size = Buffer.byteLength(payload);
      if (size < threshold || size > MAX_BYTES) return payload;
      if (reply.getHeader('content-encoding')) return payload;
      const type = String(reply.getHeader('content-type') ?? 'application/json');
      if (!COMPRESSIBLE.test(type)) return payload;
      const encoding = acceptedEncoding(request, encodings);
      if (!encoding) return payload;
      const body = compressWhole(payload, encoding);
      markEncoded(reply, encoding);
      return body;
    });
  },
  { name: 'small-compression' },
);
