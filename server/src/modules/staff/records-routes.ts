import { z } from 'zod';
import { paged, staffRecord, staffRecordsQuery, storeDateOf } from '@store/contract';
import { pagedAnswer, pageWindow } from '../../lib/pagination';
import { requireStaff, staffOnly } from './guard';
import { listRecords, recordsCsv } from './records';
import { access, errors, tags, type StaffServer } from './route-docs';
import { sendCsvDownload } from '../../lib/csv-download';

/** The records report, as JSON pages and as a CSV download. */
export function recordsRoutes(server: StaffServer): void {
  server.get(
    '/v5/staff/records/',
    {
      preValidation: staffOnly('records'),
      schema: {
        tags,
        summary: 'Records report: redemptions, stamps and points given at the counter, and orders',
        description: `${access} \`channel\`: COUNTER (staff at the counter), SELF (a redemption the member confirmed alone with POST v5/redemption-by-user/: no staff, the promotion's place when it runs at exactly one, else none) or ONLINE (an order). Filters \`kind\`, \`date_from\`/\`date_to\` (YYYY-MM-DD, Lima days, both included), \`place_uid\`; newest first, paged.`,
        querystring: staffRecordsQuery,
        response: { 200: paged(staffRecord), ...errors },
      },
    },
    async (request) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      return pagedAnswer(request, pageWindow(request.query), (window) =>
        listRecords(
          requireStaff(request),
          { ...filters, place_uid: filters.place_uid || undefined },
          window,
        ),
      );
    },
  );

  server.get(
    '/v5/staff/records.csv',
    {
      preValidation: staffOnly('records'),
      schema: {
        tags,
        summary: 'The records report as a CSV download (all pages)',
        description: `${access} Same filters as the JSON report (page is ignored). text/csv; charset=utf-8, UTF-8 with BOM, columns fecha, tipo, local, cliente, documento, descripcion, monto, cantidad, estado, personal, canal (Mostrador, Confirmado por el cliente, En línea); streamed in batches so a year of records never sits in memory.`,
        querystring: staffRecordsQuery,
        response: {
          200: {
            description: 'The CSV file (an attachment named registros-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { page: _page, page_size: _size, ...filters } = request.query;
      const stream = recordsCsv(requireStaff(request), {
        ...filters,
        place_uid: filters.place_uid || undefined,
      });
      const today = storeDateOf(new Date());
      return sendCsvDownload(reply, `registros-${today}.csv`, stream);
    },
  );
}
