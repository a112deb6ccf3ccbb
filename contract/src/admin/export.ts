import { z } from 'zod';

/**
 * `GET v5/admin/export/`: the whole store as the tenant file `npm run tenant -- import`
 * reads (server/src/tenants/file-schema.ts is its full definition), without its secrets.
 * Only the app is named here; every other section passes through as the file has it.
 */
export const adminTenantExport = z.looseObject({
  app: z.looseObject({ key: z.string(), name: z.string(), domain: z.string() }),
});
export type AdminTenantExport = z.infer<typeof adminTenantExport>;
