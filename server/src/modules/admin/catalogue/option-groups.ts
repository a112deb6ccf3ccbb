import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  adminCatalogueMessages,
  centsToMoney,
  moneyToCents,
  type AdminOptionGroup,
  type AdminOptionGroupInput,
} from '@store/contract';
import { optionGroups, options } from '../../../db/schema';
import type { Tx } from '../../../db/client';
import { ValidationError } from '../../../lib/http-errors';
import { ofTenant } from '../../../scope/tenant-query';
import type { AdminScope } from '../guard';

/** Every option group of some products (switched-off ones too: the owner edits them), in order. */
export async function optionGroupsOf(
  admin: AdminScope,
  db: AdminScope['db'] | Tx,
  productUids: string[],
): Promise<Map<string, AdminOptionGroup[]>> {
  const byProduct = new Map<string, AdminOptionGroup[]>();
  if (productUids.length === 0) return byProduct;
  const groups = await db
    .select()
    .from(optionGroups)
    .where(ofTenant(admin, optionGroups, inArray(optionGroups.productUid, productUids)))
    .orderBy(asc(optionGroups.position), asc(optionGroups.uid));
  if (groups.length === 0) return byProduct;
  const opts = await db
    .select()
    .from(options)
    .where(
      ofTenant(
        admin,
        options,
        inArray(
          options.groupUid,
          groups.map((g) => g.uid),
        ),
      ),
    )
    .orderBy(asc(options.position), asc(options.uid));
  for (const g of groups) {
    const list = byProduct.get(g.productUid) ?? [];
    list.push({
      uid: g.uid,
      name: g.name,
      description: g.description,
      minimum_to_select: g.minimumToSelect,
      maximum_to_select: g.maximumToSelect,
      is_active: g.isActive,
      options: opts
        .filter((o) => o.groupUid === g.uid)
        .map((o) => ({
          uid: o.uid,
          name: o.name,
          description: o.description,
          price: centsToMoney(o.priceCents),
          is_active: o.isActive,
        })),
    });
    byProduct.set(g.productUid, list);
  }
  return byProduct;
}

/**
 * Makes a product's option groups the list sent, inside the caller's transaction. A group
 * or option sent with its uid keeps it, so carts and subscriptions that chose it still
 * price; the ones left out are removed. A uid that is not this product's is a 400 on its
 * field, thrown before anything is written (the transaction would undo it anyway).
 */
export async function replaceOptionGroups(
  admin: AdminScope,
  tx: Tx,
  productUid: string,
  groups: AdminOptionGroupInput[],
): Promise<void> {
  const current = (await optionGroupsOf(admin, tx, [productUid])).get(productUid) ?? [];
  const groupUids = new Set(current.map((g) => g.uid));
  const optionUids = new Map(current.map((g) => [g.uid, new Set(g.options.map((o) => o.uid))]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const notOurs = [adminCatalogueMessages.optionNotOfProduct];
  groups.forEach((g, i) => {
    if (g.uid !== undefined && (!groupUids.has(g.uid) || seen.has(g.uid)))
      errors[`option_groups.${i}.uid`] = notOurs;
    if (g.uid) seen.add(g.uid);
    g.options.forEach((o, j) => {
      // An option moves with its group only: a uid of another group is not this group's.
      const mine = g.uid ? optionUids.get(g.uid) : undefined;
      if (o.uid !== undefined && (!mine?.has(o.uid) || seen.has(o.uid)))
        errors[`option_groups.${i}.options.${j}.uid`] = notOurs;
      if (o.uid) seen.add(o.uid);
    });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const keptGroups = groups.flatMap((g) => (g.uid ? [g.uid] : []));
  await tx
    .delete(optionGroups)
    .where(
      ofTenant(
        admin,
        optionGroups,
        eq(optionGroups.productUid, productUid),
        keptGroups.length ? notInArray(optionGroups.uid, keptGroups) : undefined,
      ),
    );
  for (const [position, g] of groups.entries()) {
    const groupRow = {
      name: g.name,
      description: g.description ?? '',
      minimumToSelect: g.minimum_to_select,
      maximumToSelect: g.maximum_to_select,
      isActive: g.is_active ?? true,
      position,
    };
    const groupUid = g.uid ?? randomUUID();
    if (g.uid)
      await tx
        .update(optionGroups)
        .set(groupRow)
        .where(ofTenant(admin, optionGroups, eq(optionGroups.uid, groupUid)));
    else
      await tx
        .insert(optionGroups)
        .values({ appId: admin.app.uid, uid: groupUid, productUid, ...groupRow });

    const keptOptions = g.options.flatMap((o) => (o.uid ? [o.uid] : []));
    if (g.uid)
      await tx
        .delete(options)
        .where(
          ofTenant(
            admin,
            options,
            eq(options.groupUid, groupUid),
            keptOptions.length ? notInArray(options.uid, keptOptions) : undefined,
          ),
        );
    for (const [o, option] of g.options.entries()) {
      const optionRow = {
        name: option.name,
        description: option.description ?? '',
        priceCents: moneyToCents(option.price),
        isActive: option.is_active ?? true,
        position: o,
      };
      if (option.uid)
        await tx
          .update(options)
          .set(optionRow)
          .where(ofTenant(admin, options, eq(options.uid, option.uid)));
      else
        await tx
          .insert(options)
          .values({ appId: admin.app.uid, uid: randomUUID(), groupUid, ...optionRow });
    }
  }
}
