export { CartaPage } from './components/carta-page';
