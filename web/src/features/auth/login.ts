// /login is a first page (bundle budget): its own way in, apart from the other account screens
// (index.ts), so it carries none of their code.
export { LoginPage } from './components/login-page';
