export { PollsPage } from './components/polls-page';
export { PollPage } from './components/poll-page';
