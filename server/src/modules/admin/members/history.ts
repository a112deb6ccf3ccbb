import { count, desc, eq, inArray } from 'drizzle-orm';
import {
  adminMembersMessages,
  centsToMoney,
  type AdminMemberLedgerLine,
  type AdminMemberLedgerQuery,
  type AdminMemberOrder,
  type AdminMemberRedemption,
  type OrderStatus,
} from '@store/contract';
import {
  loyaltyLedger,
  orders,
  places,
  programs,
  promotions,
  redemptions,
} from '../../../db/schema';
import { ValidationError } from '../../../lib/http-errors';
import type { PageWindow } from '../../../lib/pagination';
import { isUid } from '../../../lib/uid';
import { ofTenant, sameTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';
import { companyMember, companyProgramUids, visibleOrders } from './membership';

type Page<T> = { count: number; results: T[] };

/** A program filter names one of the company's programs, else a 400 {program}. */
async function companyProgram(admin: AdminScope, uid: string): Promise<string> {
  const [row] = isUid(uid)
    ? await admin.db
        .select({ uid: programs.uid })
        .from(programs)
        .where(
          ofTenant(
            admin,
            programs,
            eq(programs.uid, uid),
            eq(programs.companyUid, admin.company.uid),
          ),
        )
    : [];
  if (!row) throw new ValidationError({ program: [adminMembersMessages.memberProgramNotFound] });
  return row.uid;
}

/** The member's ledger lines in the company's programs (loyalty has no place), newest first. */
export async function memberLedger(
  admin: AdminScope,
  uid: string,
  query: Omit<AdminMemberLedgerQuery, 'page' | 'page_size'>,
  window: PageWindow,
): Promise<Page<AdminMemberLedgerLine>> {
  const user = await companyMember(admin, uid);
  const program = query.program ? await companyProgram(admin, query.program) : undefined;
  const where = ofTenant(
    admin,
    loyaltyLedger,
    eq(loyaltyLedger.userUid, user.uid),
    program
      ? eq(loyaltyLedger.programUid, program)
      : inArray(loyaltyLedger.programUid, companyProgramUids(admin)),
    query.currency ? eq(loyaltyLedger.currency, query.currency) : undefined,
  );
  const [[total], rows] = await Promise.all([
    admin.db.select({ n: count() }).from(loyaltyLedger).where(where),
    admin.db
      .select({ line: loyaltyLedger, program: { uid: programs.uid, name: programs.name } })
      .from(loyaltyLedger)
      .innerJoin(
        programs,
        sameTenant(programs, loyaltyLedger, eq(programs.uid, loyaltyLedger.programUid)),
      )
      .where(where)
      .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total.n),
    results: rows.map(({ line, program: p }) => ({
      uid: line.uid,
      program: p,
      currency: line.currency,
      amount: line.amount,
      kind: line.kind,
      reason: line.reason,
      reference: line.reference,
      created_at: line.createdAt.toISOString(),
    })),
  };
}

/** The member's orders at the places the user may see, newest first. */
export async function memberOrders(
  admin: AdminScope,
  uid: string,
  window: PageWindow,
): Promise<Page<AdminMemberOrder>> {
  const user = await companyMember(admin, uid);
  const where = visibleOrders(admin, eq(orders.userUid, user.uid));
  const [[total], rows] = await Promise.all([
    admin.db.select({ n: count() }).from(orders).where(where),
    admin.db
      .select({ order: orders, place: { uid: places.uid, name: places.name } })
      .from(orders)
      .innerJoin(places, sameTenant(places, orders, eq(places.uid, orders.placeUid)))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total.n),
    results: rows.map(({ order: o, place }) => ({
      uid: o.uid,
      number: o.number,
      created_at: o.createdAt.toISOString(),
      place,
      status: o.status as OrderStatus,
      payment_status: o.paymentStatus,
      total: centsToMoney(o.totalCents),
      coin_total: o.coinTotal,
    })),
  };
}

/** The units of the company's promotions the member took, newest first (no codes: the screen needs none). */
export async function memberRedemptions(
  admin: AdminScope,
  uid: string,
  window: PageWindow,
): Promise<Page<AdminMemberRedemption>> {
  const user = await companyMember(admin, uid);
  const where = ofTenant(
    admin,
    redemptions,
    eq(redemptions.userUid, user.uid),
    inArray(redemptions.programUid, companyProgramUids(admin)),
  );
  const [[total], rows] = await Promise.all([
    admin.db.select({ n: count() }).from(redemptions).where(where),
    admin.db
      .select({
        redemption: redemptions,
        program: { uid: programs.uid, name: programs.name },
        promotion: { uid: promotions.uid, name: promotions.name, kind: promotions.kind },
      })
      .from(redemptions)
      .innerJoin(
        programs,
        sameTenant(programs, redemptions, eq(programs.uid, redemptions.programUid)),
      )
      .innerJoin(
        promotions,
        sameTenant(promotions, redemptions, eq(promotions.uid, redemptions.promotionUid)),
      )
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.uid))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return {
    count: Number(total.n),
    results: rows.map(({ redemption: r, program, promotion }) => ({
      uid: r.uid,
      program,
      promotion,
      status: r.status,
      amount: r.amountCents === null ? null : centsToMoney(r.amountCents),
      coins_spent: r.coinsSpent,
      stamps_spent: r.stampsSpent,
      created_at: r.createdAt.toISOString(),
      used_at: r.usedAt?.toISOString() ?? null,
    })),
  };
}
