/**
 * The receipt a buyer asked for (contract `receiptInput`, parsed): a boleta or a factura. Its own
 * file because both the order and the member's saved preference (accounts) hold it.
 */
export type ReceiptRequest =
  | {
      type: 'boleta';
      document_type?: 'DNI' | 'CE' | 'PASSPORT' | null;
      document_number?: string | null;
    }
  | { type: 'factura'; ruc: string; business_name: string; fiscal_address: string };
