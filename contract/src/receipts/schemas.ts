import { z } from 'zod';
import { formMessages } from '../messages';
import { money } from '../catalog/money';
import { receiptMessages } from './messages';

/**
 * The electronic receipt a buyer asks for at checkout ("¿Boleta o factura?"), as SUNAT's rules
 * for Peru read it: a boleta de venta names the buyer by DNI, carné de extranjería or passport
 * (not needed under `BOLETA_ID_REQUIRED_ABOVE_CENTS`); a factura names a company by its RUC, its
 * razón social and fiscal address.
 */
export const receiptType = z.enum(['boleta', 'factura']);
export type ReceiptType = z.infer<typeof receiptType>;

/** The buyer's document on a boleta, with SUNAT's catalogue 06 codes (1 DNI, 4 CE, 7 passport). */
export const boletaDocumentType = z.enum(['DNI', 'CE', 'PASSPORT']);
export type BoletaDocumentType = z.infer<typeof boletaDocumentType>;
export const SUNAT_DOCUMENT_CODES = { DNI: '1', CE: '4', PASSPORT: '7', RUC: '6' } as const;

/**
 * A boleta over S/ 700 must identify the buyer (SUNAT, Resolución de Superintendencia
 * 007-99/SUNAT, Reglamento de Comprobantes de Pago art. 8, as amended); up to that amount the
 * buyer may stay anonymous.
 */
export const BOLETA_ID_REQUIRED_ABOVE_CENTS = 70_000;

/**
 * Whether an 11-digit RUC is one SUNAT could issue: a known prefix (10 a person, 15/16/17 other
 * persons, 20 a company) and its last digit the modulo-11 check digit of the first ten with the
 * weights 5 4 3 2 7 6 5 4 3 2 (11 - sum % 11, where 10 reads 0 and 11 reads 1).
 */
export function isValidRuc(ruc: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(ruc[i]), 0);
  const check = (11 - (sum % 11)) % 10;
  return check === Number(ruc[10]);
}

/** Why a boleta's document number is not valid for its type, if it is not. */
export function boletaDocumentError(type: BoletaDocumentType, number: string): string | undefined {
  if (type === 'DNI') return /^\d{8}$/.test(number) ? undefined : receiptMessages.dniInvalid;
  // SUNAT: a carné de extranjería or a passport has up to 12 letters and digits.
  return /^[A-Z0-9]{4,12}$/.test(number) ? undefined : receiptMessages.documentInvalid;
}

const trimmed = (max: number) =>
  z
    .string({ error: formMessages.required })
    .trim()
    .min(1, formMessages.required)
    .max(max, formMessages.invalid);

export const receiptInput = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('boleta'),
      document_type: boletaDocumentType.nullish(),
      document_number: z
        .string()
        .trim()
        .max(20)
        .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
        .nullish(),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (!v.document_number) return;
      const message = boletaDocumentError(v.document_type ?? 'DNI', v.document_number);
      if (message) ctx.addIssue({ code: 'custom', path: ['document_number'], message });
    }),
  z
    .object({
      type: z.literal('factura'),
      ruc: z
        .string({ error: formMessages.required })
        .trim()
        .refine(isValidRuc, receiptMessages.rucInvalid),
      business_name: trimmed(200),
      fiscal_address: trimmed(300),
    })
    .strict(),
]);
export type ReceiptInput = z.input<typeof receiptInput>;
export type Receipt = z.output<typeof receiptInput>;

/** A receipt request as the API answers it (an order's, the member's saved one). */
export const receiptRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('boleta'),
    document_type: boletaDocumentType.nullish(),
    document_number: z.string().nullish(),
  }),
  z.object({
    type: z.literal('factura'),
    ruc: z.string(),
    business_name: z.string(),
    fiscal_address: z.string(),
  }),
]);
export type ReceiptRequest = z.infer<typeof receiptRequest>;

/**
 * An electronic receipt of an order as its buyer sees it (`GET v5/me/orders/{uid}/`): the boleta
 * or factura and any credit note of a refund. PENDING: being issued ("en emisión"); a receipt the
 * provider refused or could not be reached for reads PENDING too (the store retries it), and its
 * reason is for the owner only. The links are the provider's PDF and XML.
 */
export const orderReceipt = z.object({
  kind: z.enum(['BOLETA', 'FACTURA', 'CREDIT_NOTE']),
  serie: z.string(),
  numero: z.number().int(),
  status: z.enum(['PENDING', 'ISSUED']),
  total: money,
  pdf_url: z.string().nullable(),
  xml_url: z.string().nullable(),
  issued_at: z.string().nullable(),
});
export type OrderReceipt = z.infer<typeof orderReceipt>;

/**
 * `GET v5/ruc/{ruc}/`: what SUNAT's register says of a RUC (through the deployment's look-up
 * provider), to fill the factura's razón social and fiscal address. `status` (ACTIVO, BAJA…) and
 * `condition` (HABIDO, NO HABIDO) as the register writes them, when it says.
 */
export const rucLookup = z.object({
  ruc: z.string(),
  business_name: z.string(),
  fiscal_address: z.string(),
  status: z.string().nullable(),
  condition: z.string().nullable(),
});
export type RucLookup = z.infer<typeof rucLookup>;

/** The look-up's path parameter: a RUC with its check digit, else 400 {ruc}. */
export const rucLookupParams = z.object({
  ruc: z.string().trim().refine(isValidRuc, receiptMessages.rucInvalid),
});
