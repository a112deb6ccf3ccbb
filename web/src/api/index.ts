export { api, apiRequest, ApiError } from './client';
export type { RequestOptions, QueryValue } from './client';
export { meQuery, logoutCall, updateMyArea } from './account';
export {
  areasQuery,
  placesQuery,
  placeCategoriesQuery,
  companyCategoriesQuery,
  placeProductsQuery,
  companyProductsQuery,
  productQuery,
  getShoppingCart,
  saveShoppingCart,
  pathFromNext,
} from './catalog';
export type { Paged, ProductFilters } from './catalog';
export {
  checkoutOptionsQuery,
  pickupScheduleQuery,
  estimateFare,
  quoteOrder,
  placeOrder,
  myOrdersQuery,
  myOrderQuery,
  cancelMyOrder,
  validateCode,
  mySubscriptionsQuery,
  cancelSubscription,
  createSubscription,
} from './orders';
