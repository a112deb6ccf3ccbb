import type { App, Product } from '@store/contract';
import { scriptSafeJson } from '../../plugins/app-bootstrap';

const text = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text of a description that may hold the back office's rich text, cut for a snippet. */
function snippet(value: string, length = 160): string {
  const plain = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > length ? `${plain.slice(0, length - 1).trimEnd()}…` : plain;
}

/** The products a rendered page holds (its dehydrated queries: lists and single products). */
function productsIn(state: unknown): Product[] {
  const found: Product[] = [];
  const queries = (state as { queries?: { state?: { data?: unknown } }[] })?.queries ?? [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.uid === 'string' && typeof record.unit_price === 'string')
      found.push(record as unknown as Product);
    for (const key of ['pages', 'results'])
      if (Array.isArray(record[key])) for (const item of record[key] as unknown[]) visit(item);
  };
  for (const query of queries) visit(query.state?.data);
  return found;
}

export type PageHead = {
  title: string;
  /** Tags after <title>: description, canonical, Open Graph, JSON-LD, robots. */
  tags: string;
};

/**
 * The head of a server-rendered page: the tenant's name, and for `?product=` that product's own
 * title, description, canonical link, Open Graph image and schema.org Product (price in PEN,
 * availability). Links are built from the tenant's own domain (`origin`), never from the request.
 */
export function pageHead(input: {
  app: App;
  origin: string;
  pathname: string;
  productUid: string | null;
  state: unknown;
}): PageHead {
  const { app, origin } = input;
  const product = input.productUid
    ? productsIn(input.state).find((p) => p.uid === input.productUid)
    : undefined;
  const path = input.pathname.replace(/(.)\/$/, '$1');
  if (!product) {
    const description = snippet(app.company.description ?? '') || app.name;
    return {
      title: app.name,
      tags:
        `<meta name="description" content="${text(description)}">` +
        `<link rel="canonical" href="${text(origin + path)}">` +
        `<meta property="og:title" content="${text(app.name)}">` +
        `<meta property="og:type" content="website">` +
        `<meta property="og:url" content="${text(origin + path)}">` +
        (app.logo ? `<meta property="og:image" content="${text(app.logo)}">` : ''),
    };
  }
  const url = `${origin}${path}?product=${encodeURIComponent(product.uid)}`;
  const description = snippet(product.short_description || product.description) || product.name;
  const inStock = product.stock === null || product.stock > 0;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    ...(product.image ? { image: [product.image] } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.unit_price,
      priceCurrency: 'PEN',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: app.company.name },
    },
  };
  const title = `${product.name} | ${app.name}`;
  return {
    title,
    tags:
      `<meta name="description" content="${text(description)}">` +
      `<link rel="canonical" href="${text(url)}">` +
      `<meta property="og:title" content="${text(title)}">` +
      `<meta property="og:description" content="${text(description)}">` +
      `<meta property="og:type" content="product">` +
      `<meta property="og:url" content="${text(url)}">` +
      (product.image ? `<meta property="og:image" content="${text(product.image)}">` : '') +
      `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`,
  };
}

export function escapeText(value: string): string {
  return text(value);
}
