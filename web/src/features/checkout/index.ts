export { CheckoutPage } from './components/checkout-page';
export { CouponCodePage } from './components/coupon-code-page';
export { SubscriptionCheckoutPage } from './components/subscription-checkout-page';
