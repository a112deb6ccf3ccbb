import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategory,
  adminCategoryCreate,
  adminPlaceProductInput,
  adminProduct,
  adminProductCreate,
  adminProductInput,
  adminProductQuery,
  adminProductRemoval,
  adminProductRemoveQuery,
  adminProductBulkInput,
  adminProductBulkResult,
  adminProductImportInput,
  adminProductImportResult,
  PRODUCT_CSV_MAX_CHARS,
  PRODUCT_CSV_MAX_MB,
  PRODUCT_CSV_MAX_ROWS,
  productCsvColumns,
  productsChangedBody,
  storeDateOf,
  paged,
  versionConflictBody,
} from '@store/contract';
import { pagedAnswer, pageWindow } from '../../../lib/pagination';
import { adminOnly, requireAdmin } from '../guard';
import { createCategory } from '../categories';
import { createProduct, removeProduct, updateProduct } from './products';
import { getProduct, listProducts } from './product-reads';
import { updatePlaceProduct } from './place-product';
import { bulkEditProducts } from './bulk';
import { productsCsv } from './csv-export';
import { importProductsCsv } from './csv-import';
import { errors, tags } from '../route-docs';
import { sendCsvDownload } from '../../../lib/csv-download';

const access =
  'Back office (catalogue area: OWNER and MANAGER): 401 without a session, 403 {code, detail} for any other role; a product of another company is 404.';

/** The catalogue screen's API (`/admin/catalogue`); registered inside `adminRoutes`, whose hook covers it. */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (server) => {
  const preValidation = adminOnly('catalogue');

  server.get(
    '/v5/admin/products/',
    {
      preValidation,
      schema: {
        tags,
        summary: "The company's products: searched, filtered, sorted, paged",
        description: `${access} \`q\`: words of the title, descriptions, brand or SKU (accents ignored). \`category\`, \`active\`, \`redeemable\` (true|false), \`place\` (a place the user may see, else 400 {place}): filters. \`ordering\`: position (default), title, price, stock, each reversed with a leading '-'. Each product carries its rows at the places the user may see.`,
        querystring: adminProductQuery,
        response: { 200: paged(adminProduct), ...errors },
      },
    },
    async (request) =>
      pagedAnswer(request, pageWindow(request.query), (window) =>
        listProducts(requireAdmin(request), request.query, window),
      ),
  );

  server.post(
    '/v5/admin/products/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Creates a product with its option groups and the places that sell it',
        description: `${access} \`title\` and \`price\` are required. \`option_groups\`: each with \`minimum_to_select\` ≤ \`maximum_to_select\`, a minimum the options can meet, and 1 to 50 \`options\` with their prices. \`places\`: places the user may see (else 400 {places.N.place}), each with \`is_active\`, \`stock\` (null: not counted) and \`price\` (null: the product's). A redeemable product needs \`coin_price\`. Any bad part is a 400 with its field and nothing is written. Audited. The store shows it within the public cache's lifetime.`,
        body: adminProductCreate,
        response: { 201: adminProduct, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProduct(requireAdmin(request), request.body)),
  );

  server.get(
    '/v5/admin/products/:uid/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One product with its version and its places',
        description: access,
        params: z.object({ uid: z.string() }),
        response: { 200: adminProduct, ...errors },
      },
    },
    async (request) => getProduct(requireAdmin(request), request.params.uid),
  );

  server.patch(
    '/v5/admin/products/:uid/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edits a product (optimistic concurrency on `version`)',
        description: `${access} Send the \`version\` the product was read at; when someone else changed it since: 409 {code: 'admin.version_conflict', detail, current} and nothing written. A redeemable product needs \`coin_price\` (400 {coin_price}). A shopper whose cart was priced before a price change gets 409 orders.price_changed at checkout. Audited.`,
        params: z.object({ uid: z.string() }),
        body: adminProductInput,
        response: { 200: adminProduct, ...errors, 409: versionConflictBody(adminProduct) },
      },
    },
    async (request) => updateProduct(requireAdmin(request), request.params.uid, request.body),
  );

  server.delete(
    '/v5/admin/products/:uid/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes a product, or switches it off when orders or subscriptions name it',
        description: `${access} \`version\`: the version the owner saw (409 {code: 'admin.version_conflict', current} when it changed since). A product no order line nor subscription names is deleted with its option groups and place rows (\`outcome: deleted\`); otherwise it is switched off everywhere (\`outcome: archived\`), so order history keeps it. Audited.`,
        params: z.object({ uid: z.string() }),
        querystring: adminProductRemoveQuery,
        response: { 200: adminProductRemoval, ...errors, 409: versionConflictBody(adminProduct) },
      },
    },
    async (request) =>
      removeProduct(requireAdmin(request), request.params.uid, request.query.version),
  );

  server.post(
    '/v5/admin/categories/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Creates a product category',
        description: `${access} \`name\` is required; \`image\` (an uploaded image's URL), \`position\` (default: last), \`is_active\` (default true; false keeps it off the store's chip bar). Audited.`,
        body: adminCategoryCreate,
        response: { 201: adminCategory, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCategory(requireAdmin(request), request.body)),
  );

  server.patch(
    '/v5/admin/products/:uid/places/:place/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Offers a product at a place or not, and sets its stock and price there',
        description: `${access} \`is_active\`: offered at the place; \`stock\`: the count on hand (null: not counted); \`price\`: the place's own price (null: the product's; carts priced before get 409 orders.price_changed at checkout). A place the user may see that does not list the product yet gets it; a place the user may not see is 404. Audited.`,
        params: z.object({ uid: z.string(), place: z.string() }),
        body: adminPlaceProductInput,
        response: { 200: adminProduct, ...errors },
      },
    },
    async (request) =>
      updatePlaceProduct(
        requireAdmin(request),
        request.params.uid,
        request.params.place,
        request.body,
      ),
  );
};

/** The catalogue's files and bulk edit: CSV export and import, the price and stock grid. */
export const adminCatalogueCsvRoutes: FastifyPluginAsyncZod = async (server) => {
  const preValidation = adminOnly('catalogue');

  server.get(
    '/v5/admin/products.csv',
    {
      preValidation,
      schema: {
        tags,
        summary: "The company's products as a CSV file (the import's format)",
        description: `${access} text/csv; charset=utf-8, UTF-8 with BOM, one row per product: ${productCsvColumns.join(', ')}, then \`stock:<place>\` and \`activo:<place>\` for each place the user may see (both empty: not listed there; stock empty: not counted). Booleans are "sí"/"no"; text cells starting with = + - @ are quoted with a leading ' so a spreadsheet never runs them (the import reads them back as typed).`,
        response: {
          200: {
            description: 'The CSV file (an attachment named productos-<date>.csv)',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const csv = await productsCsv(requireAdmin(request));
      return sendCsvDownload(reply, `productos-${storeDateOf(new Date())}.csv`, csv);
    },
  );

  server.post(
    '/v5/admin/products/import/',
    {
      preValidation,
      // The file travels as JSON text: its limit plus room for the quoting.
      bodyLimit: PRODUCT_CSV_MAX_CHARS * 2 + 1024,
      schema: {
        tags,
        summary: 'Imports products from a CSV file: a preview, then the import',
        description: `${access} The body carries the file's text (\`csv\`, the export's columns; \`;\` separators are read too) and \`dry_run\` (default true: nothing is written). A row is the product of its \`sku\`, else of its \`uid\`, else a new product; columns left out of the file are left as they are; \`titulo\` and \`precio\` are required columns. The answer lists the products created and updated (with the columns that change) and how many are unchanged. Any bad cell: 400 \`{csv: [..], "rows.<row>.<column>": [..]}\` (rows numbered as a spreadsheet does, the header is row 1) and nothing is written; more than ${PRODUCT_CSV_MAX_ROWS} products or ${PRODUCT_CSV_MAX_MB} MB: 400 {csv}. A product changed since the file's \`version\`: 409 {code: 'admin.products_changed', detail, products}. The import is one transaction: versions bumped, one audit line per product created or changed.`,
        body: adminProductImportInput,
        response: { 200: adminProductImportResult, ...errors, 409: productsChangedBody },
      },
    },
    async (request) => importProductsCsv(requireAdmin(request), request.body),
  );

  server.post(
    '/v5/admin/products/bulk/',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Saves new prices, stock and offer of many products at once',
        description: `${access} \`products\`: each with the \`version\` it was read at and its new \`price\`, \`stock\` (null: not counted) and \`is_active\` at \`place\` (a place the user may see, needed with stock or is_active: 400 {place}). All or nothing: an unknown product, or one not listed at the place, is 400 {"products.<i>.uid"|"products.<i>.stock"}; any product changed since it was read: 409 {code: 'admin.products_changed', detail, products} naming them, nothing written. Each changed product gets its version bumped and one audit line; the answer lists their uids.`,
        body: adminProductBulkInput,
        response: { 200: adminProductBulkResult, ...errors, 409: productsChangedBody },
      },
    },
    async (request) => bulkEditProducts(requireAdmin(request), request.body),
  );
};
