/**
 * One interface for electronic-receipt providers (OSE / PSE): the issuing worker builds a
 * provider-neutral document and a provider turns it into its own API call. Nubefact's JSON API is
 * the one implemented (nubefact.ts).
 */
export type ReceiptDocument = {
  kind: 'BOLETA' | 'FACTURA' | 'CREDIT_NOTE';
  serie: string;
  numero: number;
  issuedOn: Date;
  customer: {
    /** SUNAT catálogo 6: 6 RUC, 1 DNI, 4 carné de extranjería, 7 pasaporte, '-' varios (no document). */
    documentType: '6' | '1' | '4' | '7' | '-';
    documentNumber: string;
    name: string;
    address: string;
    email: string;
  };
  /** The IGV rate in percent (18 for 1800 basis points). */
  igvPercent: number;
  /** Cents: taxable value (without IGV), IGV, and the total the buyer paid. */
  totals: { taxableCents: number; igvCents: number; totalCents: number };
  items: {
    description: string;
    quantity: number;
    /** Per unit, without and with IGV (fractions of a cent kept: SUNAT wants up to 10 decimals). */
    unitValue: number;
    unitPrice: number;
    taxableCents: number;
    igvCents: number;
    totalCents: number;
  }[];
  /** A credit note: the boleta or factura it corrects and why. */
  corrects?: { kind: 'BOLETA' | 'FACTURA'; serie: string; numero: number; reason: string };
};

export type IssueAnswer =
  | { ok: true; pdfUrl: string | null; xmlUrl: string | null; acceptedBySunat: boolean }
  /** `permanent`: the provider refused the document (retrying the same one will not help). */
  | { ok: false; permanent: boolean; reason: string };

export interface ReceiptProvider {
  readonly name: string;
  issue(document: ReceiptDocument): Promise<IssueAnswer>;
}
