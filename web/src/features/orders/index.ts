export { OrdersPage } from './components/orders-page';
export { OrderPage } from './components/order-page';
