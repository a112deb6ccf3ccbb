export { ProductsPage } from './components/products-page';
