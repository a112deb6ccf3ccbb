import {
  catalogMessages,
  coinOrderMessages,
  detailTemplate,
  isErrorCode,
  orderMessages,
  subscriptionMessages,
  type SubscriptionSkipReason,
} from '@store/contract';

/** The runner's own reasons for a skipped day (stored as written in subscription_deliveries.reason). */
export const runnerReasons = {
  missed: 'missed: the run came after the slot could still be prepared',
  memberGone: 'the member no longer exists',
  placeClosed: 'the place is closed',
  cardPayment: 'online card payments cannot be charged without the member',
} as const;

/**
 * A message code as a pattern of its text ('Solo quedan {stock} unidades de {product}.') found
 * anywhere in a stored reason. Reasons are stored as the texts the checkout answered (the
 * subscription_deliveries.reason column predates message codes), so they are read by text.
 */
function pattern(code: string): RegExp {
  const template = isErrorCode(code) ? detailTemplate(code) : code;
  const escaped = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(escaped);
}

const rules: [SubscriptionSkipReason, RegExp[]][] = (
  [
    ['missed', [runnerReasons.missed]],
    ['member_gone', [runnerReasons.memberGone]],
    [
      'place_closed',
      [runnerReasons.placeClosed, orderMessages.ecommerceDisabled, orderMessages.placePaused],
    ],
    [
      'out_of_stock',
      [orderMessages.outOfStock, catalogMessages.productOutOfStock, catalogMessages.notEnoughStock],
    ],
    [
      'product_unavailable',
      [
        catalogMessages.productNotSold,
        catalogMessages.optionGroupNotInProduct,
        catalogMessages.optionNotInGroup,
        catalogMessages.repeatedOption,
        catalogMessages.tooFewOptions,
        catalogMessages.tooManyOptions,
        coinOrderMessages.mixedCart,
        coinOrderMessages.pricedOptions,
      ],
    ],
    ['slot_unavailable', [orderMessages.slotUnavailable]],
    [
      'delivery_unavailable',
      [
        orderMessages.outOfDeliveryRange,
        // Days skipped before the refusal named the radius were recorded with this text.
        orderMessages.deliveryError,
        orderMessages.noShippingMethods,
        orderMessages.areaNotFound,
        orderMessages.pointOutsideArea,
      ],
    ],
    [
      'payment_unavailable',
      [
        runnerReasons.cardPayment,
        orderMessages.paymentMethodNotFound,
        orderMessages.noCardPayments,
        orderMessages.cardRequired,
        subscriptionMessages.onlinePaymentNotAllowed,
        coinOrderMessages.coinsRequired,
        coinOrderMessages.onlyRedeemable,
      ],
    ],
  ] satisfies [SubscriptionSkipReason, string[]][]
).map(([kind, needles]) => [kind, needles.map(pattern)]);

/**
 * The kind of a recorded skip reason, for the staff screen. Reasons are the
 * runner's own texts or the order rules' messages (several joined by a
 * space); the first rule that matches wins, anything unknown is `other`.
 */
export function skipReasonOf(reason: string | null): SubscriptionSkipReason {
  const text = reason ?? '';
  for (const [kind, needles] of rules) if (needles.some((n) => n.test(text))) return kind;
  return 'other';
}
