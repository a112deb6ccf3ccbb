import { useMemo } from 'react';
import {
  applyDiscounts,
  discountedUnitPrice,
  ruleFromJson,
  type DiscountLine,
} from '@store/contract/orders/discounts';
import { centsToMoney, moneyToCents } from '@store/contract/catalog/cents';
import { usePlaceDiscounts } from '../api/get-place-discounts';
import { useSelectedPlaceUid } from './place-selection';

/**
 * Crossed-out prices on the store front: the place's automatic discounts, priced by the same
 * engine as the checkout, on the shopper's clock (store time). Rules for member levels are left
 * to the quote, which knows the shopper's level; the quote's total is what the order costs.
 */
function usePublicRules(placeUid?: string | null) {
  const selected = useSelectedPlaceUid();
  const uid = placeUid ?? selected;
  const { data } = usePlaceDiscounts(uid);
  return useMemo(
    () => ({
      placeUid: uid ?? '',
      rules: (data ?? []).filter((r) => !r.member_levels.length).map(ruleFromJson),
    }),
    [data, uid],
  );
}

/** The product's discounted unit price ("9.00") and the rule's name, or null. */
export function useDiscountedPrice(placeUid?: string | null) {
  const { rules, placeUid: place } = usePublicRules(placeUid);
  return (product: { uid: string; unit_price: string; category?: { uid: string } | null }) => {
    if (!rules.length) return null;
    const found = discountedUnitPrice(
      rules,
      {
        uid: product.uid,
        categoryUid: product.category?.uid ?? null,
        unitPriceCents: moneyToCents(product.unit_price),
      },
      { now: new Date(), placeUid: place, memberLevels: [] },
    );
    return found ? { price: centsToMoney(found.cents), name: found.rule.name } : null;
  };
}

/** What the automatic discounts take off each cart line (cents), as the checkout would. */
export function useCartDiscounts(placeUid: string | null | undefined, lines: DiscountLine[]) {
  const { rules, placeUid: place } = usePublicRules(placeUid);
  if (!rules.length || !lines.length) return null;
  return applyDiscounts(rules, lines, {
    now: new Date(),
    placeUid: place,
    memberLevels: [],
    couponApplied: false,
  });
}
