import { z } from 'zod';
import { formatMessage, formMessages } from '../messages';

/**
 * Why the store cancels an order: the owner or a cashier picks one of these, or `other` and
 * types it. `expired` is the server's own (nobody accepted the order in time) and is never picked.
 */
export const cancelReasonCodes = [
  'out_of_stock',
  'closed',
  'out_of_area',
  'unreachable',
  'customer_request',
  'other',
] as const;
export const cancelReasonCode = z.enum([...cancelReasonCodes, 'expired']);
export type CancelReasonCode = z.infer<typeof cancelReasonCode>;
export type PickableCancelReason = (typeof cancelReasonCodes)[number];

/** Longest note a store may type with a cancellation (it goes into the customer's mail). */
export const CANCEL_NOTE_MAX = 200;

/**
 * The reasons as the customer reads them (mail and order page), in Spanish: the server's mails
 * say them; the screens have their own words in each catalogue.
 */
export const cancelReasonTexts: Record<CancelReasonCode, string> = {
  out_of_stock: 'Se agotó un producto de tu pedido.',
  closed: 'El local no está atendiendo en este momento.',
  out_of_area: 'No llegamos a tu dirección.',
  unreachable: 'No pudimos comunicarnos contigo.',
  customer_request: 'Nos pediste cancelarlo.',
  other: 'Otro motivo.',
  expired: 'La tienda no llegó a aceptarlo a tiempo.',
};

/**
 * The reason fields of a store's cancellation (`reason`, `reason_note`): both optional on the
 * wire (older clients send none); with `other` the note is the reason, so it is required.
 */
export const cancelReasonFields = {
  reason: z.enum(cancelReasonCodes).optional(),
  reason_note: z
    .string()
    .trim()
    .max(CANCEL_NOTE_MAX, formatMessage('form.too_long', { max: CANCEL_NOTE_MAX }))
    .optional(),
};

/** `other` without words says nothing: the note is required then (a field error on `reason_note`). */
export function refineCancelReason(
  value: { reason?: PickableCancelReason; reason_note?: string },
  ctx: z.RefinementCtx,
): void {
  if (value.reason === 'other' && !value.reason_note)
    ctx.addIssue({ code: 'custom', path: ['reason_note'], message: formMessages.required });
}

/** `POST v5/admin/orders/{uid}/cancel/`: the body is optional (none at all, or null); a reason, when given. */
export const cancelOrderInput = z
  .object(cancelReasonFields)
  .superRefine(refineCancelReason)
  .nullish();
export type CancelOrderInput = z.input<typeof cancelOrderInput>;
