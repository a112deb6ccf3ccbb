import { z } from 'zod';
import { formMessages } from '../messages';
import { pageQuery } from '../http/paged';
import { money } from '../catalog/money';
import { cartLineInput } from '../catalog/cart';
import { deliveryAddressInput, orderLine, paymentMethod, shippingType } from './schemas';
import { subscriptionMessages } from './messages';
import { sortWeekdays, weekdays, type Weekday } from './weekdays';

export { sortWeekdays, weekdays, type Weekday };
export const weekday = z.enum(weekdays);
export const subscriptionStatus = z.enum(['active', 'canceled_by_user']);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, formMessages.time);

/** Body of `POST v5/places/{uid}/subscriptions/`: the subscription cart of the place, on chosen weekdays, in one slot. */
export const subscriptionInput = z
  .object({
    products: z.array(cartLineInput).min(1, formMessages.required).max(50),
    weekdays: z.array(weekday).min(1, subscriptionMessages.weekdayRequired).max(7),
    time_slot: z.object({ start: hhmm, end: hhmm }, { error: subscriptionMessages.slotRequired }),
    payment_method: z.string().min(1, formMessages.required),
    shipping_type: shippingType.default('pickup'),
    delivery: deliveryAddressInput.optional(),
    comments: z.string().trim().max(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.shipping_type === 'delivery' && !v.delivery)
      ctx.addIssue({ code: 'custom', path: ['delivery'], message: formMessages.required });
  });
export type SubscriptionInput = z.input<typeof subscriptionInput>;

export const subscription = z.object({
  uid: z.string(),
  status: subscriptionStatus,
  place: z.object({ uid: z.string(), name: z.string() }),
  weekdays: z.array(weekday),
  time_slot: z.object({ start: z.string(), end: z.string() }),
  shipping_type: shippingType,
  district: z.string().nullable(),
  address: z.string().nullable(),
  reference: z.string().nullable(),
  payment_method: paymentMethod,
  products: z.array(orderLine),
  /** Per delivery day: products, delivery fare and their sum, at the prices of the day of subscribing. */
  subtotal: money,
  delivery_price: money,
  total: money,
  comments: z.string(),
  created_at: z.string(),
  canceled_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionsQuery = z.object({
  status: subscriptionStatus.optional(),
  place: z.string().trim().optional(),
  ...pageQuery.shape,
});

export const subscriptionPatch = z.object({
  status: z.literal('canceled_by_user', { error: subscriptionMessages.onlyCancel }),
});
