import { type Resolver } from 'react-hook-form';
import {
  adminPromotionCreate,
  adminPromotionUpdate,
  type AdminPromotion,
} from '@store/contract/admin/promotions';
import type { Promotion, PromotionKind } from '@store/contract/loyalty/promotions';

// The promotion form's values: from the API's promotion, to the request body (the kind's own
// value, Lima days), checked before sending, and as a member would see it.

export type Place = { uid: string; name: string };
export type Form = {
  program: string;
  name: string;
  description: string;
  image: string | null;
  kind: PromotionKind;
  rate_discount: string;
  fixed_discount: string;
  special_price: string;
  gift_card_amount: string;
  stamps_required: string;
  coin_price: string;
  price: string;
  stock: string;
  limit_per_member: string;
  max_amount: string;
  starts_at: string;
  ends_at: string;
  places: string[];
  tags: string;
  featured: boolean;
  is_active: boolean;
};
export const fields = Object.keys({
  program: 0,
  name: 0,
  description: 0,
  image: 0,
  kind: 0,
  rate_discount: 0,
  fixed_discount: 0,
  special_price: 0,
  gift_card_amount: 0,
  stamps_required: 0,
  coin_price: 0,
  price: 0,
  stock: 0,
  limit_per_member: 0,
  max_amount: 0,
  starts_at: 0,
  ends_at: 0,
  places: 0,
  tags: 0,
  featured: 0,
  is_active: 0,
} satisfies Record<keyof Form, 0>);

/** Each kind's one value field (the gift has none). */
export const VALUE_FIELD: Record<PromotionKind, keyof Form | null> = {
  DISCOUNT_RATE: 'rate_discount',
  FIXED_DISCOUNT: 'fixed_discount',
  GIFT: null,
  SPECIAL_PRICE: 'special_price',
  GIFT_CARD: 'gift_card_amount',
  STAMPS: 'stamps_required',
};

const STORE_ZONE = 'America/Lima';
/** The store day (Lima) of an instant, as a date input wants it. */
function storeDay(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: STORE_ZONE }).format(new Date(iso));
}
// Lima keeps UTC-5 all year (no daylight saving): a store day starts at 00:00 -05:00.
const dayStart = (day: string) => (day ? `${day}T00:00:00-05:00` : null);
const dayEnd = (day: string) => (day ? `${day}T23:59:59-05:00` : null);

const number = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));
const decimal = (s: string) => (s.trim() === '' ? null : s.trim().replace(',', '.'));

export function toForm(p: AdminPromotion | null, program: string): Form {
  const text = (v: number | string | null) => (v === null ? '' : String(v));
  return {
    program: p?.program.uid ?? program,
    name: p?.name ?? '',
    description: p?.description ?? '',
    image: p?.image ?? null,
    kind: p?.kind ?? 'DISCOUNT_RATE',
    rate_discount: text(p?.rate_discount ?? null),
    fixed_discount: text(p?.fixed_discount ?? null),
    special_price: text(p?.special_price ?? null),
    gift_card_amount: text(p?.gift_card_amount ?? null),
    stamps_required: text(p?.stamps_required ?? null),
    coin_price: String(p?.coin_price ?? 0),
    price: text(p?.price ?? null),
    stock: text(p?.stock ?? null),
    limit_per_member: text(p?.limit_per_member ?? null),
    max_amount: text(p?.max_amount ?? null),
    starts_at: storeDay(p?.starts_at ?? null),
    ends_at: storeDay(p?.ends_at ?? null),
    places: p?.places.map((x) => x.uid) ?? [],
    tags: p?.tags.join(', ') ?? '',
    featured: p?.featured ?? false,
    is_active: p?.is_active ?? true,
  };
}

/** The request body of the form: the kind's own value only, numbers as numbers, days as Lima instants. */
export function toBody(v: Form, version: number | null) {
  const valueField = VALUE_FIELD[v.kind];
  const value =
    valueField === null
      ? {}
      : {
          [valueField]:
            valueField === 'rate_discount' || valueField === 'stamps_required'
              ? (number(v[valueField] as string) ?? undefined)
              : (decimal(v[valueField] as string) ?? undefined),
        };
  return {
    program: v.program,
    name: v.name,
    description: v.description,
    image: v.image,
    kind: v.kind,
    ...value,
    coin_price: number(v.coin_price) ?? 0,
    price: decimal(v.price),
    stock: number(v.stock),
    limit_per_member: number(v.limit_per_member),
    max_amount: decimal(v.max_amount),
    starts_at: dayStart(v.starts_at),
    ends_at: dayEnd(v.ends_at),
    places: v.places,
    tags: v.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    featured: v.featured,
    is_active: v.is_active,
    ...(version === null ? {} : { version }),
  };
}

/**
 * The contract's own rules (the union per kind, the rules across fields) checked before the
 * call, each message beside its field; the server checks them again.
 */
export function resolverFor(version: number | null): Resolver<Form> {
  return async (values) => {
    const schema = version === null ? adminPromotionCreate : adminPromotionUpdate;
    const parsed = schema.safeParse(toBody(values, version));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'root');
      errors[key] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}

/** What a member would see: the form's values as the member API's promotion. */
export function previewOf(v: Form, name: string): Promotion {
  const money = (s: string) => {
    const n = Number(decimal(s));
    return s.trim() && Number.isFinite(n) && n > 0 ? n.toFixed(2) : null;
  };
  const count = (s: string) => {
    const n = number(s);
    return n !== null && Number.isInteger(n) ? n : null;
  };
  const rate = number(v.rate_discount);
  return {
    uid: 'preview',
    program: v.program,
    name: v.name.trim() || name,
    description: v.description,
    image: v.image,
    kind: v.kind,
    rate_discount: v.kind === 'DISCOUNT_RATE' && rate !== null && rate > 0 ? rate : null,
    fixed_discount: v.kind === 'FIXED_DISCOUNT' ? money(v.fixed_discount) : null,
    special_price: v.kind === 'SPECIAL_PRICE' ? money(v.special_price) : null,
    gift_card_amount: v.kind === 'GIFT_CARD' ? money(v.gift_card_amount) : null,
    stamps_required: v.kind === 'STAMPS' ? count(v.stamps_required) : null,
    coin_price: count(v.coin_price) ?? 0,
    price: money(v.price),
    stock: count(v.stock),
    limit_per_member: count(v.limit_per_member),
    max_amount: money(v.max_amount),
    starts_at: dayStart(v.starts_at),
    ends_at: dayEnd(v.ends_at),
    tags: [],
    featured: v.featured,
    places: [],
    state: 'not_acquired',
    member_uses: 0,
  };
}
