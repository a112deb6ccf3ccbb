import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  adminPlaceProductInput,
  adminProductCreate,
  type AdminProduct,
  type AdminProductCreate,
} from '@store/contract/admin/catalogue';
import { nestFieldErrors } from '../../../lib/nest-field-errors';

/** An option as the form edits it: prices stay text until sent, as the API takes them. */
export type OptionValues = {
  uid?: string;
  name: string;
  description: string;
  price: string;
  is_active: boolean;
};
export type GroupValues = {
  uid?: string;
  name: string;
  description: string;
  minimum_to_select: number;
  maximum_to_select: number;
  is_active: boolean;
  options: OptionValues[];
};
/** One row per place the user may see: `listed` says whether the product is sold there at all. */
export type PlaceValues = {
  place: string;
  name: string;
  listed: boolean;
  is_active: boolean;
  stock: string;
  price: string;
  /** At or below it the product shows as low (empty: no warning); sent by the place's own PATCH. */
  low_stock_threshold: string;
};
export type ProductValues = {
  title: string;
  short_description: string;
  description: string;
  price: string;
  image: string | null;
  category: string;
  tags: string;
  is_active: boolean;
  is_redeemable: boolean;
  coin_price: string;
  subscription_available: boolean;
  option_groups: GroupValues[];
  places: PlaceValues[];
};

export const newOption = (): OptionValues => ({
  name: '',
  description: '',
  price: '0.00',
  is_active: true,
});
export const newGroup = (): GroupValues => ({
  name: '',
  description: '',
  minimum_to_select: 0,
  maximum_to_select: 1,
  is_active: true,
  options: [newOption()],
});

/** The form's values for a product (or a new one), with a row for each place the user may see. */
export function valuesOf(
  product: AdminProduct | undefined,
  places: readonly { uid: string; name: string }[],
): ProductValues {
  return {
    title: product?.title ?? '',
    short_description: product?.short_description ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    image: product?.image ?? null,
    category: product?.category?.uid ?? '',
    tags: product?.tags.join(', ') ?? '',
    is_active: product?.is_active ?? true,
    is_redeemable: product?.is_redeemable ?? false,
    coin_price: product?.coin_price ? String(product.coin_price) : '',
    // A new product is not offered in subscriptions until the owner says so (issue 36, row 7).
    subscription_available: product?.subscription_available ?? false,
    option_groups: (product?.option_groups ?? []).map((g) => ({
      ...g,
      options: g.options.map((o) => ({ ...o })),
    })),
    places: places.map((place) => {
      const row = product?.places.find((p) => p.place.uid === place.uid);
      return {
        place: place.uid,
        name: place.name,
        // A new product is offered everywhere by default; the owner unticks.
        listed: product ? !!row : true,
        is_active: row?.is_active ?? true,
        stock: row?.stock === null || row?.stock === undefined ? '' : String(row.stock),
        price: row?.price ?? '',
        low_stock_threshold:
          row?.low_stock_threshold === null || row?.low_stock_threshold === undefined
            ? ''
            : String(row.low_stock_threshold),
      };
    }),
  };
}

export const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body the API takes (creation's shape; an edit sends the same fields with its version). */
export function toBody(values: ProductValues): AdminProductCreate {
  const listed = values.places.filter((p) => p.listed);
  return {
    title: values.title,
    short_description: values.short_description,
    description: values.description,
    price: values.price,
    image: values.image,
    category: values.category || null,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    is_active: values.is_active,
    is_redeemable: values.is_redeemable,
    coin_price: values.is_redeemable ? numberOrNull(values.coin_price) : null,
    subscription_available: values.subscription_available,
    option_groups: values.option_groups.map((g) => ({
      ...(g.uid ? { uid: g.uid } : {}),
      name: g.name,
      description: g.description,
      minimum_to_select: Number(g.minimum_to_select),
      maximum_to_select: Number(g.maximum_to_select),
      is_active: g.is_active,
      options: g.options.map((o) => ({
        ...(o.uid ? { uid: o.uid } : {}),
        name: o.name,
        description: o.description,
        price: o.price,
        is_active: o.is_active,
      })),
    })),
    places: listed.map((p) => ({
      place: p.place,
      is_active: p.is_active,
      stock: numberOrNull(p.stock),
      price: p.price.trim() || null,
    })),
  };
}

/**
 * A field path of the API's body as the form names it: `places.N` of the body counts only
 * the listed places, the form has a row for every place.
 */
export function formPath(path: string, values: ProductValues): string {
  const match = /^places\.(\d+)\.(.+)$/.exec(path);
  if (!match) return path;
  const listed = values.places.flatMap((p, i) => (p.listed ? [i] : []));
  return `places.${listed[Number(match[1])] ?? 0}.${match[2]}`;
}

/**
 * Checks the form with the contract's own rules (the same zod schema the server runs), so
 * the owner sees each message before sending; the server's 400s land on the same fields.
 */
export const productResolver: Resolver<ProductValues> = (values) => {
  const parsed = adminProductCreate.safeParse(toBody(values));
  const errors: Record<string, { type: string; message: string }> = {};
  // The low-stock threshold travels by the place's own PATCH: checked by that schema.
  values.places.forEach((p, i) => {
    if (!p.listed) return;
    const threshold = adminPlaceProductInput.safeParse({
      low_stock_threshold: numberOrNull(p.low_stock_threshold),
    });
    if (!threshold.success)
      errors[`places.${i}.low_stock_threshold`] = {
        type: 'invalid',
        message: threshold.error.issues[0].message,
      };
  });
  if (parsed.success && !Object.keys(errors).length) return { values, errors: {} };
  for (const issue of parsed.error?.issues ?? []) {
    const path = formPath(issue.path.join('.'), values);
    errors[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: nestFieldErrors(errors) as FieldErrors<ProductValues> };
};
