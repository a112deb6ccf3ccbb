import { messagesOf } from '../errors/entry';
import { catalogErrors } from '../errors/catalog';
import { z } from 'zod';
import { money } from './money';
import { optionGroup } from './products';

/** The catalog area's message codes, by name (texts in errors/catalog.ts). */
export const catalogMessages = /* @__PURE__ */ messagesOf('catalog', catalogErrors);

/** One cart line as the client posts it; the id is the line id (product uid and position). */
export const cartLineInput = z.object({
  id: z.string().max(100).optional(),
  uid: z.string().min(1),
  quantity: z.number().int().min(1).max(999),
  direct_purchase: z.boolean().optional().default(false),
  option_groups: z
    .array(
      z.object({
        uid: z.string().min(1),
        options: z.array(z.object({ uid: z.string().min(1) })).max(100),
      }),
    )
    .max(50)
    .default([]),
});
export type CartLineInput = z.input<typeof cartLineInput>;

export const cartInput = z.object({
  place: z.string().min(1),
  products: z.array(cartLineInput).max(100),
});
export type CartInput = z.input<typeof cartInput>;

/** A cart line priced by the server from the database. */
export const cartLine = z.object({
  id: z.string(),
  uid: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  direct_purchase: z.boolean(),
  is_redeemable: z.boolean(),
  /** Coins per unit of a redeemable product (a cart of them is paid with coins). */
  coin_price: z.number().int().nullable().optional(),
  stock: z.number().int().nullable(),
  unit_price: money,
  options_price: money,
  total: money,
  option_groups: z.array(optionGroup),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  place: z.string(),
  products: z.array(cartLine),
  subtotal: money,
  updated_at: z.string().nullable(),
});
export type Cart = z.infer<typeof cart>;
