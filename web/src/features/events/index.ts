export { EventsPage } from './components/events-page';
export { EventPage } from './components/event-page';
