export { CoinOrdersPage } from './components/coin-orders-page';
