export { MySubscriptionsPage } from './components/my-subscriptions-page';
