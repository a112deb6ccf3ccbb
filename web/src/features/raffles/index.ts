export { RafflesPage } from './components/raffles-page';
export { RafflePage } from './components/raffle-page';
