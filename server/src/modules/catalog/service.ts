import { asc, count, desc, eq, exists } from 'drizzle-orm';
import type { Product, ProductCategory } from '@store/contract';
import { placeProducts, productCategories, products } from '../../db/schema';
import { NotFoundError } from '../../lib/http-errors';
import type { PageWindow } from '../../lib/pagination';
import { isUid } from '../../lib/uid';
import { findCompanyOfApp, findPlace } from '../places/service';
import { ofPublicCompany } from '../marketplace/visibility';
import { categoryToApi, productToApi } from './serialize';
import { ofTenant, sameTenant } from '../../scope/tenant-query';
import type { Scope } from '../../scope/scope';
import {
  ALL_CATEGORIES,
  atPlacePrice,
  groupsFromJson,
  groupsJson,
  productColumns,
  searchWhere,
} from './query-parts';

// The catalogue's other reads: the tenant's products across places, one product at a place, and
// the categories a place or a company shows. A place's product list is place-list.ts.

/** Products of the tenant across places (no stock: stock belongs to a place). */
export async function listProducts(
  scope: Scope,
  filters: { category?: string; company?: string; search?: string },
  window: PageWindow,
) {
  const { db } = scope;
  const category =
    filters.category && filters.category !== ALL_CATEGORIES ? filters.category : undefined;
  if ((category && !isUid(category)) || (filters.company && !isUid(filters.company)))
    return { count: 0, results: [] as Product[] };
  const search = searchWhere(products.searchVector, filters.search);
  const where = ofTenant(
    scope,
    products,
    eq(products.isActive, true),
    ofPublicCompany(db, products),
    category ? eq(products.categoryUid, category) : undefined,
    filters.company ? eq(products.companyUid, filters.company) : undefined,
    search.where,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select({ product: productColumns, category: productCategories, groups: groupsJson(scope) })
    .from(products)
    .leftJoin(
      productCategories,
      sameTenant(productCategories, products, eq(productCategories.uid, products.categoryUid)),
    )
    .where(where)
    .orderBy(
      ...(search.rank ? [desc(search.rank)] : []),
      asc(products.position),
      asc(products.title),
      asc(products.uid),
    )
    .limit(window.limit)
    .offset(window.offset);
  return {
    count: total,
    results: rows.map((r) =>
      productToApi(r.product, {
        stock: null,
        category: r.category,
        groups: groupsFromJson(r.groups),
      }),
    ),
  };
}

export async function getPlaceProduct(
  scope: Scope,
  placeUid: string,
  productUid: string,
): Promise<Product> {
  const { db, app } = scope;
  const place = await findPlace(db, app, placeUid);
  if (!isUid(productUid)) throw new NotFoundError();
  const [row] = await db
    .select({
      product: productColumns,
      stock: placeProducts.stock,
      placePrice: placeProducts.priceCents,
      category: productCategories,
      groups: groupsJson(scope),
    })
    .from(placeProducts)
    .innerJoin(
      products,
      sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid)),
    )
    .leftJoin(
      productCategories,
      sameTenant(productCategories, products, eq(productCategories.uid, products.categoryUid)),
    )
    .where(
      ofTenant(
        scope,
        placeProducts,
        eq(placeProducts.placeUid, place.uid),
        eq(placeProducts.productUid, productUid),
        eq(products.isActive, true),
      ),
    );
  if (!row) throw new NotFoundError();
  return productToApi(atPlacePrice(row.product, row.placePrice), {
    stock: row.stock,
    category: row.category,
    groups: groupsFromJson(row.groups),
  });
}

/** Categories that hold at least one active product the place sells. */
export async function listPlaceCategories(
  scope: Scope,
  placeUid: string,
): Promise<ProductCategory[]> {
  const { db, app } = scope;
  const place = await findPlace(db, app, placeUid);
  const rows = await db
    .select()
    .from(productCategories)
    .where(
      ofTenant(
        scope,
        productCategories,
        exists(
          db
            .select({ one: products.uid })
            .from(products)
            .innerJoin(
              placeProducts,
              sameTenant(placeProducts, products, eq(placeProducts.productUid, products.uid)),
            )
            .where(
              sameTenant(
                products,
                productCategories,
                eq(products.categoryUid, productCategories.uid),
                eq(products.isActive, true),
                eq(placeProducts.placeUid, place.uid),
              ),
            ),
        ),
        eq(productCategories.isActive, true),
      ),
    )
    .orderBy(asc(productCategories.position), asc(productCategories.name));
  return rows.map(categoryToApi);
}

export async function listCompanyCategories(
  scope: Scope,
  companyUid: string,
): Promise<ProductCategory[]> {
  const { db } = scope;
  const company = await findCompanyOfApp(scope, companyUid);
  const rows = await db
    .select()
    .from(productCategories)
    .where(
      ofTenant(
        scope,
        productCategories,
        eq(productCategories.companyUid, company.uid),
        // A switched-off category leaves the chip bar; its products stay listed.
        eq(productCategories.isActive, true),
      ),
    )
    .orderBy(asc(productCategories.position), asc(productCategories.name));
  return rows.map(categoryToApi);
}
