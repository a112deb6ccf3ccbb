import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { storeDateOf, storeMoment, type AdminLowStock } from '@store/contract';
import type { Database, Tx } from '../../db/client';
import {
  apps,
  companies,
  mailOutbox,
  placeProducts,
  places,
  products,
  staffMembers,
  users,
} from '../../db/schema';
import type { PublicUrlConfig } from '../../config';
import { publicOrigin } from '../../lib/public-url';
import { ofTenant, sameTenant, tenantRef } from '../../scope/tenant-query';
import type { AdminScope } from '../admin/guard';
import type { Mailer } from '../mail/mailer';
import { compose } from '../mail/templates';

/** How many low products the dashboard and the mail list (the rest is counted, not named). */
export const LOW_STOCK_SHOWN = 50;
/** The daily mail leaves from this store hour on (8:00 in Lima), with that day's list. */
export const LOW_STOCK_MAIL_HOUR = 8;

/**
 * Low: a counted stock at or below the place's threshold; sold out: at or below zero. Written as
 * the predicate of the partial index place_products_low_stock_idx, so only those rows are read.
 */
const isLow: SQL = and(
  isNotNull(placeProducts.stock),
  or(lte(placeProducts.stock, 0), lte(placeProducts.stock, placeProducts.lowStockThreshold)),
)!;

type LowRow = {
  productUid: string;
  title: string;
  placeUid: string;
  placeName: string;
  stock: number;
  threshold: number | null;
};

/** The company's low and sold-out products listed (and on sale) at the given places. */
async function lowRows(
  db: Database | Tx,
  appId: string,
  companyUid: string,
  placeUids: string[] | null,
): Promise<{ count: number; rows: LowRow[] }> {
  const where = ofTenant(
    tenantRef(appId),
    placeProducts,
    isLow,
    eq(placeProducts.isActive, true),
    placeUids ? inArray(placeProducts.placeUid, placeUids) : undefined,
  );
  const rows = await db
    .select({
      productUid: placeProducts.productUid,
      title: products.title,
      placeUid: placeProducts.placeUid,
      placeName: places.name,
      stock: sql<number>`${placeProducts.stock}`,
      threshold: placeProducts.lowStockThreshold,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(placeProducts)
    .innerJoin(
      products,
      sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid)),
    )
    .innerJoin(places, sameTenant(places, placeProducts, eq(places.uid, placeProducts.placeUid)))
    .where(and(where, eq(products.companyUid, companyUid), eq(products.isActive, true)))
    .orderBy(asc(placeProducts.stock), asc(products.title), asc(places.name))
    .limit(LOW_STOCK_SHOWN);
  return { count: rows[0]?.count ?? 0, rows };
}

/** `GET v5/admin/stock/low/`: what the dashboard warns of, at the places the user may see. */
export async function lowStock(admin: AdminScope, placeUid?: string): Promise<AdminLowStock> {
  const placeUids = placeUid ? [placeUid] : admin.places.map((p) => p.uid);
  if (placeUids.length === 0) return { count: 0, sold_out: 0, results: [] };
  const { count, rows } = await lowRows(admin.db, admin.app.uid, admin.company.uid, placeUids);
  return {
    count,
    sold_out: rows.filter((r) => r.stock <= 0).length,
    results: rows.map((r) => ({
      product: { uid: r.productUid, title: r.title },
      place: { uid: r.placeUid, name: r.placeName },
      stock: r.stock,
      low_stock_threshold: r.threshold,
      sold_out: r.stock <= 0,
    })),
  };
}

/** A uuid fixed by its parts: the same day's mail to the same owner is one outbox row. */
function fixedUid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function lowStockMailText(rows: LowRow[], count: number): string[] {
  const lines = rows.map((r) =>
    r.stock <= 0
      ? `• ${r.title} (${r.placeName}): agotado`
      : `• ${r.title} (${r.placeName}): quedan ${r.stock}`,
  );
  if (count > rows.length) lines.push(`…y ${count - rows.length} más.`);
  return lines;
}

/**
 * The owners' daily stock mail (docs/decisions.md, "Stock that warns"): from 8:00 store time,
 * each company with low or sold-out products gets one mail per owner per store day, listing
 * them. Every process may run it at once: the mail's outbox uid is fixed by tenant, company,
 * owner and day, and written with ON CONFLICT DO NOTHING, so a second run (or a racing process)
 * writes nothing. Answers how many mails it queued.
 */
export async function mailLowStock(
  db: Database,
  mailer: Mailer,
  publicUrl: PublicUrlConfig,
  now: Date,
): Promise<number> {
  const moment = storeMoment(now);
  if (moment.minute < LOW_STOCK_MAIL_HOUR * 60) return 0;
  const day = storeDateOf(now);
  // Every tenant's companies with something low: the partial index holds only those rows.
  const due = await db
    .selectDistinct({ appId: placeProducts.appId, companyUid: places.companyUid })
    .from(placeProducts)
    .innerJoin(places, sameTenant(places, placeProducts, eq(places.uid, placeProducts.placeUid)))
    .where(and(isLow, eq(placeProducts.isActive, true)));
  let queued = 0;
  for (const { appId, companyUid } of due) {
    queued += await db.transaction(async (tx) => {
      const tenant = tenantRef(appId);
      const [app] = await tx
        .select({ name: apps.name, domain: apps.domain })
        .from(apps)
        .where(eq(apps.uid, appId));
      const [company] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(ofTenant(tenant, companies, eq(companies.uid, companyUid)));
      if (!app || !company) return 0;
      const owners = await tx
        .select({ uid: users.uid, email: users.email, firstName: users.firstName })
        .from(staffMembers)
        .innerJoin(users, sameTenant(users, staffMembers, eq(users.uid, staffMembers.userUid)))
        .where(
          ofTenant(
            tenant,
            staffMembers,
            eq(staffMembers.companyUid, companyUid),
            eq(staffMembers.role, 'OWNER'),
            isNotNull(users.email),
          ),
        );
      if (owners.length === 0) return 0;
      const { count, rows } = await lowRows(tx, appId, companyUid, null);
      if (rows.length === 0) return 0;
      let n = 0;
      for (const owner of owners) {
        const uid = fixedUid('low-stock', appId, companyUid, owner.uid, day);
        const [sent] = await tx
          .select({ uid: mailOutbox.uid })
          .from(mailOutbox)
          .where(ofTenant(tenant, mailOutbox, eq(mailOutbox.uid, uid)));
        if (sent) continue;
        const mail = compose(
          { appName: app.name, to: owner.email!, firstName: owner.firstName },
          `Stock bajo en ${company.name}`,
          [
            `Estos productos están por agotarse o ya se agotaron (${day}):`,
            ...lowStockMailText(rows, count),
          ],
          { label: 'Ver el panel', link: `${publicOrigin(app.domain, publicUrl)}/admin` },
          'Recibes este correo una vez al día mientras haya productos con stock bajo.',
        );
        await mailer.queue(tx, { uid: appId, domain: app.domain }, mail, (handle, row) =>
          handle
            .insert(mailOutbox)
            .values({ ...row, uid })
            .onConflictDoNothing(),
        );
        n++;
      }
      return n;
    });
  }
  return queued;
}
