import type { IssueAnswer, ReceiptDocument, ReceiptProvider } from './provider';

/** Nubefact's tipo_de_comprobante. */
const TYPE = { FACTURA: 1, BOLETA: 2, CREDIT_NOTE: 3 } as const;

const money = (cents: number) => Number((cents / 100).toFixed(2));
const ddmmyyyy = (d: Date) => {
  // The date in Lima (UTC-5, no daylight saving): SUNAT dates are Peruvian dates.
  const lima = new Date(d.getTime() - 5 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(lima.getUTCDate())}-${two(lima.getUTCMonth() + 1)}-${lima.getUTCFullYear()}`;
};

/** The JSON body of Nubefact's "generar_comprobante" for a document (exported for the tests). */
export function nubefactBody(doc: ReceiptDocument) {
  return {
    operacion: 'generar_comprobante',
    tipo_de_comprobante: TYPE[doc.kind],
    serie: doc.serie,
    numero: doc.numero,
    sunat_transaction: 1,
    cliente_tipo_de_documento: doc.customer.documentType,
    cliente_numero_de_documento: doc.customer.documentNumber,
    cliente_denominacion: doc.customer.name,
    cliente_direccion: doc.customer.address,
    cliente_email: doc.customer.email,
    fecha_de_emision: ddmmyyyy(doc.issuedOn),
    moneda: 1,
    porcentaje_de_igv: doc.igvPercent,
    total_gravada: money(doc.totals.taxableCents),
    total_igv: money(doc.totals.igvCents),
    total: money(doc.totals.totalCents),
    enviar_automaticamente_a_la_sunat: true,
    // We mail the receipt ourselves (with the order's own words and links).
    enviar_automaticamente_al_cliente: false,
    ...(doc.corrects
      ? {
          documento_que_se_modifica_tipo: TYPE[doc.corrects.kind],
          documento_que_se_modifica_serie: doc.corrects.serie,
          documento_que_se_modifica_numero: doc.corrects.numero,
          // Catálogo 9: 06 devolución total, 07 devolución por ítem.
          tipo_de_nota_de_credito: doc.totals.totalCents === 0 ? 6 : 7,
          motivo_o_sustento_de_nota: doc.corrects.reason,
        }
      : {}),
    items: doc.items.map((item) => ({
      unidad_de_medida: 'NIU',
      codigo: '',
      descripcion: item.description,
      cantidad: item.quantity,
      valor_unitario: Number(item.unitValue.toFixed(10)),
      precio_unitario: Number(item.unitPrice.toFixed(10)),
      descuento: '',
      subtotal: money(item.taxableCents),
      tipo_de_igv: 1,
      igv: money(item.igvCents),
      total: money(item.totalCents),
      anticipo_regularizacion: false,
    })),
  };
}

/**
 * Nubefact's JSON API: one POST to the account's route URL with `Authorization: Token
 * token="…"`. An answer with `enlace_del_pdf` is issued; one with `errors` is refused (a 4xx or
 * a code in the body: permanent); a network failure or a 5xx is retried. A document Nubefact
 * says it already has (a retry after a lost answer) is read back with "consultar_comprobante".
 */
export class NubefactProvider implements ReceiptProvider {
  readonly name = 'nubefact';
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly timeoutMs = 20_000,
  ) {}

  private async post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Token token="${this.token}"`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  }

  async issue(doc: ReceiptDocument): Promise<IssueAnswer> {
    let answer;
    try {
      answer = await this.post(nubefactBody(doc));
      // Code 23: "este documento ya existe" — our earlier attempt reached them; read it back.
      if (answer.json.codigo === 23)
        answer = await this.post({
          operacion: 'consultar_comprobante',
          tipo_de_comprobante: TYPE[doc.kind],
          serie: doc.serie,
          numero: doc.numero,
        });
    } catch (err) {
      return { ok: false, permanent: false, reason: (err as Error).message || 'network error' };
    }
    const { status, json } = answer;
    if (status >= 500 || status === 429)
      return { ok: false, permanent: false, reason: `Nubefact ${status}` };
    if (json.errors || status >= 400)
      return {
        ok: false,
        permanent: true,
        reason: String(json.errors ?? `Nubefact ${status}`).slice(0, 500),
      };
    if (json.aceptada_por_sunat === false && json.sunat_responsecode && json.sunat_description)
      // SUNAT answered with a rejection code (2000-3999: rejected; 4000+: observations, accepted).
      if (Number(json.sunat_responsecode) >= 2000 && Number(json.sunat_responsecode) < 4000)
        return { ok: false, permanent: true, reason: String(json.sunat_description).slice(0, 500) };
    return {
      ok: true,
      pdfUrl: typeof json.enlace_del_pdf === 'string' ? json.enlace_del_pdf : null,
      xmlUrl: typeof json.enlace_del_xml === 'string' ? json.enlace_del_xml : null,
      acceptedBySunat: json.aceptada_por_sunat === true,
    };
  }
}
