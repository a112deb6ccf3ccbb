import { eq } from 'drizzle-orm';
import { catalogMessages, centsToMoney, type Cart, type CartInput } from '@store/contract';
import { shoppingCarts } from '../../db/schema';
import { ValidationError } from '../../lib/http-errors';
import { isUid } from '../../lib/uid';
import { findPlace } from '../places/service';
import { checkLines, priceLines, soldAt } from './lines';
import { ofTenant } from '../../scope/tenant-query';
import type { MemberScope } from '../../scope/scope';

export async function getCart(scope: MemberScope, placeUid: string): Promise<Cart> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  const place = await findPlace(db, app, placeUid);
  const [row] = await db
    .select()
    .from(shoppingCarts)
    .where(
      ofTenant(
        scope,
        shoppingCarts,
        eq(shoppingCarts.userUid, userUid),
        eq(shoppingCarts.placeUid, place.uid),
      ),
    );
  const lines = row?.lines ?? [];
  const sold = await soldAt(
    db,
    app.uid,
    place.uid,
    lines.map((l) => l.uid),
  );
  const priced = priceLines(lines, sold);
  return {
    place: place.uid,
    products: priced.lines,
    subtotal: centsToMoney(priced.subtotalCents),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Replaces the member's cart at a place with the posted lines, after checking every one. */
export async function saveCart(scope: MemberScope, input: CartInput): Promise<Cart> {
  const { db, app } = scope;
  const userUid = scope.user.uid;
  if (!isUid(input.place)) throw new ValidationError({ place: [catalogMessages.placeNotFound] });
  const place = await findPlace(db, app, input.place).catch(() => {
    throw new ValidationError({ place: [catalogMessages.placeNotFound] });
  });
  const sold = await soldAt(
    db,
    app.uid,
    place.uid,
    input.products.map((l) => l.uid),
  );
  const lines = checkLines(input.products, sold);
  const now = new Date();
  await db
    .insert(shoppingCarts)
    .values({ appId: app.uid, userUid, placeUid: place.uid, lines, updatedAt: now })
    .onConflictDoUpdate({
      target: [shoppingCarts.appId, shoppingCarts.userUid, shoppingCarts.placeUid],
      set: { lines, updatedAt: now },
    });
  const priced = priceLines(lines, sold);
  return {
    place: place.uid,
    products: priced.lines,
    subtotal: centsToMoney(priced.subtotalCents),
    updated_at: now.toISOString(),
  };
}
