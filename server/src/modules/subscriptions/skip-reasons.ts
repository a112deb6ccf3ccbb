import {
  catalogMessages,
  coinOrderMessages,
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

/** A message template ('Solo quedan {stock} unidades de {product}.') as a pattern found anywhere in a text. */
function pattern(template: string): RegExp {
  const escaped = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?');
  return new RegExp(escaped);
}

const rules: [SubscriptionSkipReason, (string | RegExp)[]][] = [
  ['missed', [runnerReasons.missed]],
  ['member_gone', [runnerReasons.memberGone]],
  ['place_closed', [runnerReasons.placeClosed, orderMessages.ecommerceDisabled]],
  [
    'out_of_stock',
    [
      pattern(orderMessages.outOfStock),
      catalogMessages.productOutOfStock,
      pattern(catalogMessages.notEnoughStock),
    ],
  ],
  [
    'product_unavailable',
    [
      catalogMessages.productNotSold,
      catalogMessages.optionGroupNotInProduct,
      catalogMessages.optionNotInGroup,
      catalogMessages.repeatedOption,
      pattern(catalogMessages.tooFewOptions),
      pattern(catalogMessages.tooManyOptions),
      coinOrderMessages.mixedCart,
      coinOrderMessages.pricedOptions,
    ],
  ],
  ['slot_unavailable', [orderMessages.slotUnavailable]],
  [
    'delivery_unavailable',
    [orderMessages.deliveryError, orderMessages.noShippingMethods, orderMessages.areaNotFound],
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
];

/**
 * The kind of a recorded skip reason, for the staff screen. Reasons are the
 * runner's own texts or the order rules' messages (several joined by a
 * space); the first rule that matches wins, anything unknown is `other`.
 */
export function skipReasonOf(reason: string | null): SubscriptionSkipReason {
  const text = reason ?? '';
  for (const [kind, needles] of rules)
    if (needles.some((n) => (typeof n === 'string' ? text.includes(n) : n.test(text)))) return kind;
  return 'other';
}
