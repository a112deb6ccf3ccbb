// First: zod must not probe eval under the page's CSP (see the module).
import './lib/zod-jitless';
import { createRoot } from 'react-dom/client';
import { storageKeys } from '@store/contract/constants';
import { ensureStorageVersion, storage } from './lib/storage';
import { cleanCartsOnce } from './lib/cart-cleanup';
import { initI18n } from './i18n';
import { applyStoredColors } from './app/theme';
import { App } from './app/app';
import { installErrorReporters } from './lib/error-reporter';
import './styles/index.css';

// First, so an error anywhere below reaches the server.
installErrorReporters();
// Order matters: storage must be at version 1.0.0 before anything reads it.
ensureStorageVersion();
// The landing redirect happens once per page load.
storage.remove(storageKeys.redirectLanding);
// No place selected: the carts left in storage are cleaned, once per load (spec).
cleanCartsOnce(storage);
applyStoredColors();
const i18nReady = initI18n();

// Old builds of the app registered a service worker; none is used any more.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker
    .getRegistrations()
    .then((registrations) =>
      Promise.all(registrations.map((registration) => registration.unregister())),
    )
    .catch(() => undefined);
}

// An English visitor's catalogue loads first, so the first render is not in Spanish.
// The render is synchronous: on Preact (preact/compat, see vite.config.ts) startTransition
// runs its callback at once and StrictMode is an empty wrapper, so neither is used; there is no
// time-slicing (docs/decisions.md, "Preact under the React code").
// The render waits for a task of its own: evaluating this bundle and building the first page in
// one task made it one long task on a slow phone.
void i18nReady.then(() =>
  setTimeout(() => createRoot(document.getElementById('root')!).render(<App />), 0),
);
