export { ProductsPage, SubscriptionProductsPage } from './components/products-page';
