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

type OpenApiDocument = Parameters<typeof apiPaths>[0];

/**
 * The documented operations whose path `keep` accepts, as sorted `METHOD /api/path` lines:
 * what a permission matrix's rows (`matrixRoutes`) are compared with, so a new route cannot
 * be left out of its matrix.
 */
export function documentedRoutes(doc: OpenApiDocument, keep: (path: string) => boolean): string[] {
  return Object.entries(apiPaths(doc))
    .filter(([path]) => keep(path))
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

/** A matrix's rows as the lines `documentedRoutes` gives. */
export function matrixRoutes(rows: { method: string; path: string }[]): string[] {
  return rows.map((row) => `${row.method} ${row.path}`).sort();
}
