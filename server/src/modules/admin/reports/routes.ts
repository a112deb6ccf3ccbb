import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReport, adminReportQuery, reportKind } from '@store/contract';
import { adminOnly, requireAdmin } from '../guard';
import { reportCsv, salesReport } from './service';
import { errors, tags } from '../route-docs';
import { sendCsvDownload } from '../../../lib/csv-download';

const access =
  'Back office: 401 without a session, 403 {code, detail} when the user is not OWNER or MANAGER of a company of this tenant.';
const period =
  "`from`, `to`: store days (YYYY-MM-DD, America/Lima), both included, at most 731 days (400 {from} when from > to, {to} when too long). `place`: one place of the company (else 400 {place}); none: every place the user may see. Each row has the period's kept orders (`count`, `sales`; units for products and categories), the previous period of the same length (`previous_*`), and canceled and refunded ones apart. Read from daily rollups kept by the orders' transactions.";

/** The reports: sales by product, category, hour, weekday, payment method, place, and staff. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (server) => {
  const preValidation = adminOnly('dashboard');

  server.get(
    '/v5/admin/reports/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Sales reports over a range of store days, with the previous period',
        description: `${access} ${period} Staff: counter actions (redemptions, stamps, points) per staff member.`,
        querystring: adminReportQuery,
        response: { 200: adminReport, ...errors },
      },
    },
    async (request) => salesReport(requireAdmin(request), request.query),
  );

  server.get(
    '/v5/admin/reports/:report/csv/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One report as a CSV file',
        description: `${access} ${period} \`report\`: product | category | hour | weekday | payment_method | place | staff. text/csv, UTF-8 with BOM, Spanish headers.`,
        params: z.object({ report: reportKind }),
        querystring: adminReportQuery,
        response: {
          200: {
            description: 'The CSV file (an attachment named reporte-<report>-<from>-<to>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { report } = request.params;
      const csv = await reportCsv(requireAdmin(request), report, request.query);
      const { from, to } = request.query;
      return sendCsvDownload(reply, `reporte-${report}-${from}-${to}.csv`, csv);
    },
  );
};
