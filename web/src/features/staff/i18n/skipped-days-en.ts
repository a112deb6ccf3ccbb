import type { SkippedDaysCatalogue } from './skipped-days-es';

/** English texts of the staff screen of skipped subscription days. */
export const skippedDaysEn: SkippedDaysCatalogue = {
  tab: 'Subscriptions',
  title: 'Subscription days without an order',
  intro:
    'Days on which a subscription did not make its order, with the reason. The client did not get that order.',
  serviceDate: 'Day',
  slot: 'Time slot',
  products: 'Products',
  reason: 'Reason',
  pickup: 'Pickup',
  delivery: 'Delivery',
  empty: 'No days without an order for these filters',
  reasons: {
    out_of_stock: 'Out of stock',
    product_unavailable: 'A product is no longer sold at the place',
    place_closed: 'The place was closed',
    slot_unavailable: 'The time slot was no longer available',
    delivery_unavailable: 'No delivery to the address',
    payment_unavailable: 'The payment method was no longer available',
    member_gone: "The client's account no longer exists",
    missed: 'It could not be prepared in time',
    other: 'Another reason',
  },
  sections: 'Subscriptions',
  dueTab: 'Scheduled',
  skippedTab: 'Days without an order',
  due: {
    title: 'Scheduled subscriptions',
    intro:
      'Active subscriptions with an order on the chosen day (tomorrow unless you pick another), by time slot. The order is created about two hours before the slot.',
    day: 'Day',
    empty: 'No subscriptions are scheduled for this day',
    count_one: '{{count}} subscription',
    count_other: '{{count}} subscriptions',
    client: 'Client',
    address: 'Address',
    comments: 'Comments',
    status: 'Status',
    status_pending: 'To be created',
    status_ordered: 'Order created',
    status_skipped: 'No order',
  },
};
