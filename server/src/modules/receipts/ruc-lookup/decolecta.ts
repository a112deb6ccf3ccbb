import type { RucLookupAnswer, RucLookupProvider } from './provider';

/** SUNAT's register writes "-" for a part it does not have. */
const present = (v: unknown): string | null => {
  const text = typeof v === 'string' ? v.trim() : '';
  return text && text !== '-' ? text : null;
};

/**
 * Decolecta's SUNAT RUC API (formerly apis.net.pe): `GET {url}?numero={ruc}` with
 * `Authorization: Bearer {token}` (url: https://api.decolecta.com/v1/sunat/ruc), answering
 * `razon_social`, `numero_documento`, `estado`, `condicion`, `direccion`, `distrito`,
 * `provincia`, `departamento`. 404 or 422: no such RUC; any other failure: unavailable.
 */
export class DecolectaRucLookup implements RucLookupProvider {
  readonly name = 'decolecta';
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async lookup(ruc: string): Promise<RucLookupAnswer> {
    const url = new URL(this.url);
    url.searchParams.set('numero', ruc);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', authorization: `Bearer ${this.token}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      return { unavailable: true, reason: (err as Error).message || 'network error' };
    }
    if (res.status === 404 || res.status === 422) return { found: false };
    if (!res.ok) return { unavailable: true, reason: `${this.name} ${res.status}` };
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const businessName = present(json?.razon_social);
    if (!json || !businessName) return { found: false };
    const street = present(json.direccion);
    // The district, province and department follow the street, each once.
    const parts = [json.distrito, json.provincia, json.departamento]
      .map(present)
      .filter((p): p is string => !!p)
      .filter((p, i, all) => all.indexOf(p) === i);
    return {
      found: true,
      businessName,
      fiscalAddress: street ? [street, ...parts].join(', ') : '',
      status: present(json.estado),
      condition: present(json.condicion),
    };
  }
}
