import type { FastifyInstance } from 'fastify';
import type { App, Paged, Place, Product } from '@store/contract';
import { publicOrigin } from '../../lib/public-url';
import type { PublicUrlConfig } from '../../config';
import { listAppsByDomain, normaliseDomain } from '../tenancy/service';
import { isIndexable } from './first-pages';

/** A sitemap stays one file: at most this many product links. */
const MAX_PRODUCTS = 5000;

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `/robots.txt` and `/sitemap.xml` of each tenant, on its own host: a public store lists its first
 * pages and a link per product (the `?product=` page the server renders); a private store or one
 * in maintenance asks crawlers to stay away. Links name the tenant's own domain. The products are
 * read through the public API in this process, as the store front reads them.
 */
export async function crawlerRoutes(
  app: FastifyInstance,
  { publicUrl, cacheSeconds }: { publicUrl: PublicUrlConfig; cacheSeconds: number },
) {
  const tenantOf = async (host: string): Promise<App | undefined> => {
    const domain = normaliseDomain(host);
    return domain ? (await listAppsByDomain(app.db, domain))[0] : undefined;
  };
  const cacheControl = `public, max-age=${Math.max(cacheSeconds, 60)}`;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const tenant = await tenantOf(request.host);
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl);
    if (!tenant || !isIndexable(tenant)) return 'User-agent: *\nDisallow: /\n';
    const origin = publicOrigin(normaliseDomain(tenant.domain), publicUrl);
    return (
      'User-agent: *\n' +
      // The signed-in and back-office screens hold nothing to index.
      ['/admin', '/staff', '/api/', '/checkout', '/orders', '/profile', '/login']
        .map((path) => `Disallow: ${path}\n`)
        .join('') +
      `Sitemap: ${origin}/sitemap.xml\n`
    );
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const tenant = await tenantOf(request.host);
    if (!tenant || !isIndexable(tenant)) return reply.status(404).type('text/plain').send('');
    const origin = publicOrigin(normaliseDomain(tenant.domain), publicUrl);
    const paths = ['/'];
    if (tenant.landing_page) paths.push('/landing');
    if (tenant.company.ecommerce_enabled) paths.push('/products');
    paths.push('/carta');
    const products = tenant.company.ecommerce_enabled
      ? await productUids(request.host, tenant)
      : [];
    const urls = [
      ...paths.map((path) => origin + path),
      ...products.map((uid) => `${origin}/products?product=${encodeURIComponent(uid)}`),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          urls.map((url) => `<url><loc>${xml(url)}</loc></url>\n`).join('') +
          '</urlset>\n',
      );
  });

  /** The products on sale at the store's places (each once), as the public API lists them. */
  async function productUids(host: string, tenant: App): Promise<string[]> {
    const get = async <T>(url: string): Promise<T | null> => {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { host, 'api-key': tenant.api_key },
      });
      return answer.statusCode === 200 ? (JSON.parse(answer.body) as T) : null;
    };
    const places =
      (await get<Paged<Place>>(
        `/api/v7/places/?company=${encodeURIComponent(tenant.company.uid)}&page_size=100`,
      )) ?? null;
    const seen = new Set<string>();
    for (const place of places?.results ?? []) {
      let next: string | null = `/api/v7/places/${place.uid}/products/?is_redeemable=false`;
      while (next && seen.size < MAX_PRODUCTS) {
        const page: Paged<Product> | null = await get<Paged<Product>>(next);
        for (const product of page?.results ?? []) seen.add(product.uid);
        next = page?.next
          ? new URL(page.next, 'http://x').pathname + new URL(page.next, 'http://x').search
          : null;
      }
    }
    return [...seen].slice(0, MAX_PRODUCTS);
  }
}
