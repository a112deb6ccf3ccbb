import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV file to download as `filename`: a whole text or a stream of rows, sent as it is
 * (a stream is never serialized; the route's schema string only describes the file), and never
 * kept by a cache (an export holds the store's private data).
 */
export function sendCsvDownload(
  reply: FastifyReply,
  filename: string,
  csv: string | Readable,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv as string);
}
