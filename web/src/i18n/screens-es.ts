import { authEs } from './auth-es';
import { checkoutEs, ordersEs, subscriptionsEs } from './checkout-es';
import { landingEs } from './landing-es';
import { engagementEs } from './engagement-es';

/**
 * The Spanish texts of the store's lazy screens (landing, accounts, checkout, orders,
 * subscriptions, raffles, polls, events, coins): loaded with the first of those screens
 * (app/lazy-pages.ts), not on the first page of the catalogue (bench/bundle-budget.ts).
 * English has them in its own catalogue, which is lazy as a whole.
 */
export const screensEs = {
  landing: landingEs,
  auth: authEs,
  checkout: checkoutEs,
  orders: ordersEs,
  subscriptions: subscriptionsEs,
  ...engagementEs,
};
