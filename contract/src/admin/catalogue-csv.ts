import { z } from 'zod';
import { messagesOf } from '../errors/entry';
import { adminCatalogueCsvErrors } from '../errors/admin-catalogue-csv';
import { formatMessage, formMessages } from '../messages';
import { requiredText } from '../forms/zod';

/** The CSV import's and the bulk edit's message codes (texts in errors/admin-catalogue-csv.ts). */
export const adminCatalogueCsvMessages = /* @__PURE__ */ messagesOf(
  'admin',
  adminCatalogueCsvErrors,
);

/** The largest file the import reads (characters of its text), and the most products in one file. */
export const PRODUCT_CSV_MAX_MB = 2;
export const PRODUCT_CSV_MAX_CHARS = PRODUCT_CSV_MAX_MB * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 2000;

/**
 * The product file's flat columns, in the export's order; after them one `stock:<place>` and
 * one `activo:<place>` column per place. `uid` and `version` come from the export: a row is
 * matched by `sku`, else by `uid`; without either it creates a product.
 */
export const productCsvColumns = [
  'uid',
  'version',
  'sku',
  'titulo',
  'descripcion_corta',
  'descripcion',
  'precio',
  'categoria',
  'marca',
  'activo',
  'canjeable',
  'precio_monedas',
  'imagen',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];
/** What a new product's row must carry. */
export const productCsvRequiredColumns = ['titulo', 'precio'] as const;
export const PLACE_STOCK_PREFIX = 'stock:';
export const PLACE_ACTIVE_PREFIX = 'activo:';

const YES = new Set(['si', 'sí', 'yes', 'true', '1', 'x']);
const NO = new Set(['no', 'false', '0']);

/** "sí" / "no" (also yes, true, 1, x and false, 0), any case. */
export const csvYesNo = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => YES.has(v) || NO.has(v), adminCatalogueCsvMessages.csvYesNo)
    .transform((v) => YES.has(v));

/** A place's `activo:` cell: empty when the product is not listed at that place. */
const placeListed = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || YES.has(v) || NO.has(v), adminCatalogueCsvMessages.csvYesNo)
    .transform((v) => (v === '' ? null : YES.has(v)));

/** A whole number cell; empty is null. */
const countCell = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), formMessages.numeric)
    .transform((v) => (v === '' ? null : Number(v)))
    .refine((v) => v === null || v >= min, formatMessage('form.too_small', { min }))
    .refine((v) => v === null || v <= max, formatMessage('form.too_big', { max }));

const text = (max: number) => z.string().trim().max(max);
/** Empty is null. */
const optionalText = (max: number) => text(max).transform((v) => (v === '' ? null : v));

/** The rule of each flat column's cell: the same limits as the product form. */
export const productCsvCells = {
  uid: optionalText(36),
  version: countCell(1, 2_000_000_000),
  sku: optionalText(80),
  titulo: requiredText(120),
  descripcion_corta: text(300),
  descripcion: text(5000),
  precio: z
    .string()
    .trim()
    .min(1, { message: formMessages.required, abort: true })
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, formMessages.positiveNumber)
    // A spreadsheet in Spanish writes 12,50.
    .transform((v) => v.replace(',', '.')),
  categoria: optionalText(120),
  marca: optionalText(80),
  activo: csvYesNo(),
  canjeable: csvYesNo(),
  precio_monedas: countCell(1, 10_000_000),
  imagen: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^(https?:\/\/\S+|\/[^\s/]\S*)$/.test(v), formMessages.url)
    .transform((v) => (v === '' ? null : v)),
} satisfies Record<ProductCsvColumn, z.ZodType>;

/** The cells of one place's column pair. */
export const productCsvPlaceCells = {
  stock: countCell(0, 1_000_000),
  active: placeListed(),
};

/**
 * `POST v5/admin/products/import/`: the file's text (UTF-8; a BOM and `;` separators are
 * fine) and whether to only preview it. Every bad row is a 400 `{"rows.<row>.<column>": [..]}`
 * (`<row>` as a spreadsheet numbers it: the header is row 1) and nothing is written.
 */
export const adminProductImportInput = z
  .object({
    csv: z
      .string({ error: formMessages.required })
      .min(1, formMessages.required)
      .max(PRODUCT_CSV_MAX_CHARS, formatMessage('admin.csv_too_big', { max: PRODUCT_CSV_MAX_MB })),
    dry_run: z.boolean({ error: formMessages.invalid }).default(true),
  })
  .strict();
export type AdminProductImportInput = z.infer<typeof adminProductImportInput>;

const importedRow = z.object({
  row: z.number().int(),
  uid: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
});

/** What the file creates, updates (and which columns) and leaves as it is. */
export const adminProductImportResult = z.object({
  dry_run: z.boolean(),
  created: z.array(importedRow),
  updated: z.array(importedRow.extend({ columns: z.array(z.string()) })),
  unchanged: z.number().int(),
});
export type AdminProductImportResult = z.infer<typeof adminProductImportResult>;

/** One product of a bulk edit: its version, its new price, and its stock and offer at the chosen place. */
export const adminProductBulkItem = z
  .object({
    uid: z.string({ error: formMessages.required }),
    version: z.number({ error: formMessages.required }).int(formMessages.required).min(1),
    price: z
      .string({ error: formMessages.required })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, formMessages.positiveNumber)
      .optional(),
    stock: z
      .number({ error: formMessages.numeric })
      .int(formMessages.numeric)
      .min(0)
      .max(1_000_000)
      .nullable()
      .optional(),
    is_active: z.boolean({ error: formMessages.invalid }).optional(),
  })
  .strict();
export type AdminProductBulkItem = z.infer<typeof adminProductBulkItem>;

/** `POST v5/admin/products/bulk/`: all or nothing; `place` is needed when a stock or offer changes. */
export const adminProductBulkInput = z
  .object({
    place: z.string().trim().optional(),
    products: z.array(adminProductBulkItem).min(1).max(500),
  })
  .strict();
export type AdminProductBulkInput = z.infer<typeof adminProductBulkInput>;

/** The uids of the products the save changed (a row sent as it was is left alone). */
export const adminProductBulkResult = z.object({ updated: z.array(z.string()) });
export type AdminProductBulkResult = z.infer<typeof adminProductBulkResult>;

/** 409 of the bulk edit and the import: the products someone else changed since they were read. */
export const productsChangedBody = z.object({
  code: z.string(),
  detail: z.string(),
  products: z.array(z.object({ uid: z.string(), title: z.string(), version: z.number().int() })),
});
export type ProductsChangedBody = z.infer<typeof productsChangedBody>;

/** The field key of a bad cell in the import's 400: `rows.<row>.<column>`. */
export const csvCellField = (row: number, column: string) => `rows.${row}.${column}`;
