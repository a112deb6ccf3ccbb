export { CookieConsentBanner } from './components/cookie-consent';
