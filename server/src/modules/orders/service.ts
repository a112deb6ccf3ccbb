/**
 * The orders module as other modules (and tests) use it. Each part lives in
 * its own file: checkout/ (the checkout steps and their runner), queries.ts
 * (the read model), transitions.ts (the status state machine),
 * cancellation.ts (what a cancellation gives back), anonymise.ts.
 */
export { placeOrder } from './checkout/checkout';
export type { CheckoutScope } from './checkout/state';
export { findOrder, memberOrder, memberOrders, withRelated } from './queries';
export { markOrderReady, transitionOrder, type TransitionOptions } from './transitions';
export { canceledValues, refundCanceled, undoCanceled } from './cancellation';
export { anonymiseOrdersOf } from './anonymise';
