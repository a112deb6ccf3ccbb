/**
 * One interface for RUC look-up providers (a JSON API over SUNAT's register): the factura step
 * fills razón social and fiscal address from it. decolecta.ts is the one implemented.
 */
export type RucLookupAnswer =
  | {
      found: true;
      businessName: string;
      fiscalAddress: string;
      status: string | null;
      condition: string | null;
    }
  | { found: false }
  /** The provider could not answer (down, slow, out of credit): the shopper types instead. */
  | { unavailable: true; reason: string };

export interface RucLookupProvider {
  readonly name: string;
  lookup(ruc: string): Promise<RucLookupAnswer>;
}

/** What the app is given for the look-up: its provider (none: shoppers type, 503). */
export type RucLookupOptions = { provider?: RucLookupProvider };
