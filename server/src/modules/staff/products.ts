import { randomUUID } from 'node:crypto';
import { asc, eq, gt } from 'drizzle-orm';
import {
  coinOrderMessages,
  staffMessages,
  type StaffClientProducts,
  type StaffProductRedemptionResult,
  type staffProductRedemptionInput,
} from '@store/contract';
import type { z } from 'zod';
import { placeProducts, products } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { balancesOf } from '../programs/ledger';
import { memberCoinProgram, spendCoins } from '../orders/coins';
import { reserveCoins, reserveStock } from '../orders/checkout/reserve';
import { allowedPlace } from './guard';
import type { StaffScope } from '../../scope/scope';
import { clientToApi, findClient } from './clients';
import { companyPrograms } from './programs';
import { recordActivity } from './counter';
import { checkPresence, spendPresence } from './presence';
import { ofTenant, sameTenant } from '../../scope/tenant-query';

/**
 * Redeemable products at the counter (docs/decisions.md "Staff product
 * redemptions"): the member coin-order rules (the company's coins program the
 * client belongs to, 'You do not have enough coins', 'Out of stock: {product}')
 * without an order: the coins are spent and the place's stock taken in one
 * transaction, recorded as a counter redemption.
 */

const firstCode = (err: unknown) => (err instanceof ValidationError ? err.firstCode() : undefined);

/** The coins program whose coins pay for the client, or null; staff read "the client" where the member reads "join". */
async function clientCoinProgram(staff: StaffScope, clientUid: string): Promise<string | null> {
  try {
    return await memberCoinProgram(staff.db, staff.app.uid, staff.company.uid, clientUid);
  } catch (err) {
    const code = firstCode(err);
    if (code === coinOrderMessages.notMember || code === coinOrderMessages.noCoinsProgram)
      return null;
    throw err;
  }
}

/** The company's redeemable products with a coin price at the place (active at the place and in the catalogue). */
function redeemableAt(staff: StaffScope, placeUid: string, productUid?: string) {
  return staff.db
    .select({
      uid: products.uid,
      title: products.title,
      image: products.image,
      coinPrice: products.coinPrice,
      stock: placeProducts.stock,
    })
    .from(placeProducts)
    .innerJoin(
      products,
      sameTenant(products, placeProducts, eq(products.uid, placeProducts.productUid)),
    )
    .where(
      ofTenant(
        staff,
        placeProducts,
        eq(placeProducts.placeUid, placeUid),
        eq(placeProducts.isActive, true),
        eq(products.companyUid, staff.company.uid),
        eq(products.isActive, true),
        eq(products.isRedeemable, true),
        gt(products.coinPrice, 0),
        productUid ? eq(products.uid, productUid) : undefined,
      ),
    );
}

export async function clientProducts(
  staff: StaffScope,
  clientUid: string,
  placeUid: string,
): Promise<StaffClientProducts> {
  const client = await findClient(staff, clientUid);
  const place = allowedPlace(staff, placeUid);
  const [programUid, rows] = await Promise.all([
    clientCoinProgram(staff, client.uid),
    redeemableAt(staff, place.uid)
      .orderBy(asc(placeProducts.position), asc(products.title))
      .limit(100),
  ]);
  const program = programUid
    ? ((await companyPrograms(staff)).find((p) => p.uid === programUid) ?? null)
    : null;
  const coins = program
    ? (await balancesOf(staff.db, staff.app.uid, program.uid, client.uid)).coins
    : 0;
  return {
    program: program ? { uid: program.uid, name: program.name } : null,
    coins,
    products: rows.map((r) => ({
      uid: r.uid,
      title: r.title,
      image: r.image,
      coin_price: r.coinPrice ?? 0,
      stock: r.stock,
    })),
  };
}

export async function redeemProduct(
  staff: StaffScope,
  input: z.infer<typeof staffProductRedemptionInput>,
): Promise<StaffProductRedemptionResult> {
  const client = await findClient(staff, input.client_uid);
  const place = allowedPlace(staff, input.place_uid);
  const [product] = isUid(input.product_uid)
    ? await redeemableAt(staff, place.uid, input.product_uid)
    : [];
  if (!product) throw new ValidationError({ product_uid: [staffMessages.productNotFound] });
  const programUid = await clientCoinProgram(staff, client.uid);
  if (!programUid) throw new ValidationError(staffMessages.noCoinsProgram);
  const coinsSpent = (product.coinPrice ?? 0) * input.quantity;
  // The client's coins are spent: only with their proof of presence.
  const presence = await checkPresence(staff, client.uid, input.proof);
  const entry = await staff.db.transaction(async (tx) => {
    // Locks the client's membership first: two redemptions of the same last coins queue here.
    // The checkout's reserve step without an order: coins locked, stock taken, coins spent.
    await reserveCoins(tx, staff.app.uid, programUid, client.uid, coinsSpent);
    // The proof is spent after the membership lock, as a promotion redemption spends it: one
    // order of locks, so a proof raced by both kinds of spend cannot deadlock them.
    await spendPresence(tx, staff, client.uid, presence);
    await reserveStock(
      tx,
      staff.app.uid,
      place.uid,
      [{ productUid: product.uid, quantity: input.quantity, title: product.title }],
      { reason: 'redemption', actorUid: staff.user.uid },
    );
    const line = await spendCoins(tx, staff.app.uid, programUid, client.uid, {
      coins: coinsSpent,
      reason: `Canje: ${product.title}`,
      reference: `staff-product:${randomUUID()}`,
    });
    await recordActivity(tx, staff, {
      kind: 'redemptions',
      programUid,
      placeUid: place.uid,
      clientUid: client.uid,
      reference: line.uid,
      description: `${product.title} (${coinsSpent} monedas)`,
      quantity: input.quantity,
      status: 'PRODUCT',
    });
    return line;
  });
  return {
    product: { uid: product.uid, title: product.title },
    quantity: input.quantity,
    coins_spent: coinsSpent,
    entry: {
      uid: entry.uid,
      currency: entry.currency,
      amount: entry.amount,
      kind: entry.kind,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.createdAt.toISOString(),
    },
    client: await clientToApi(staff, client),
  };
}
