import {
  centsToMoney,
  type OptionGroup,
  type Product,
  type ProductCategory,
} from '@store/contract';
import type { optionGroups, options, productCategories, products } from '../../db/schema';

type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'searchText' | 'searchTitle'>;
type CategoryRow = typeof productCategories.$inferSelect;
export type GroupWithOptions = typeof optionGroups.$inferSelect & {
  options: (typeof options.$inferSelect)[];
};

export function categoryToApi(row: CategoryRow): ProductCategory {
  return { uid: row.uid, name: row.name, image: row.image, color: row.color };
}

export function optionGroupToApi(group: GroupWithOptions): OptionGroup {
  return {
    uid: group.uid,
    name: group.name,
    description: group.description,
    minimum_to_select: group.minimumToSelect,
    maximum_to_select: group.maximumToSelect,
    is_active: group.isActive,
    options: group.options.map((o) => ({
      uid: o.uid,
      name: o.name,
      description: o.description,
      price: centsToMoney(o.priceCents),
      is_active: o.isActive,
    })),
  };
}

export function productToApi(
  row: ProductRow,
  extra: { stock: number | null; category: CategoryRow | null; groups: GroupWithOptions[] },
): Product {
  return {
    uid: row.uid,
    id: row.id,
    title: row.title,
    name: row.title,
    short_description: row.shortDescription,
    description: row.description,
    image: row.image,
    image_reverse: row.imageReverse,
    unit_price: centsToMoney(row.unitPriceCents),
    coin_price: row.coinPrice,
    stock: extra.stock,
    quantity: 0,
    direct_purchase: row.directPurchase,
    is_redeemable: row.isRedeemable,
    brand: row.brand,
    sku: row.sku,
    category: extra.category ? categoryToApi(extra.category) : null,
    option_groups: extra.groups.map(optionGroupToApi),
  };
}
