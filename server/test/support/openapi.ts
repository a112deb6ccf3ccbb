/**
 * The OpenAPI document's paths keyed by the URL path a client calls: the document's
 * server URL (`/api`) joined to each path, as `/api/v5/me/` rather than `/v5/me/`.
 */
export function apiPaths<Operation = Record<string, unknown>>(doc: {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}): Record<string, Record<string, Operation>> {
  const base = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  return Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [base + path, item]));
}
