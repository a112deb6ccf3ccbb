export { CheckoutPage } from './components/checkout-page';
export { CouponCodePage } from './components/coupon-code-page';
