import {
  centsToMoney,
  type OptionGroup,
  type Product,
  type ProductCategory,
} from '@store/contract';
import type { optionGroups, options, productCategories, products } from '../../db/schema';

type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'searchText' | 'searchTitle'>;
type CategoryRow = typeof productCategories.$inferSelect;

/** The product's fields a shopper is answered with: all `productToApi` reads. */
export const productApiFields = [
  'uid',
  'id',
  'title',
  'shortDescription',
  'description',
  'image',
  'imageReverse',
  'unitPriceCents',
  'coinPrice',
  'directPurchase',
  'isRedeemable',
  'brand',
  'sku',
] as const satisfies readonly (keyof ProductRow)[];
export type ApiProductRow = Pick<ProductRow, (typeof productApiFields)[number]>;

/** The category's fields a shopper is answered with: all `categoryToApi` reads. */
export const categoryApiFields = [
  'uid',
  'name',
  'image',
  'color',
] as const satisfies readonly (keyof CategoryRow)[];
export type ApiCategoryRow = Pick<CategoryRow, (typeof categoryApiFields)[number]>;
export type GroupWithOptions = typeof optionGroups.$inferSelect & {
  options: (typeof options.$inferSelect)[];
};

export function categoryToApi(row: ApiCategoryRow): ProductCategory {
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
  row: ApiProductRow,
  extra: { stock: number | null; category: ApiCategoryRow | null; groups: GroupWithOptions[] },
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
