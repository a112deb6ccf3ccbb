// First: zod must not probe eval under the page's CSP (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import { storageKeys } from '@store/contract/constants';
import { ensureStorageVersion, storage } from './lib/storage';
import { cleanCartsOnce } from './lib/cart-cleanup';
import { keepEarlyText } from './lib/use-typed-before-hydration';
import { initI18n } from './i18n';
import { applyStoredColors } from './app/theme';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { tenancyKeys } from './api/query-keys/tenancy';
import { currentDomain } from './features/tenancy/api/get-app-by-domain';
import { getToken, markSignedIn } from './lib/session';
import { installErrorReporters, reportClientError } from './lib/error-reporter';
import './styles/index.css';

// First, so an error anywhere below reaches the server.
installErrorReporters();
// Order matters: storage must be at version 1.0.0 before anything reads it.
ensureStorageVersion();
// The landing redirect happens once per page load.
storage.remove(storageKeys.redirectLanding);
// No place selected: the carts left in storage are cleaned, once per load (spec).
cleanCartsOnce(storage);
// Text typed into the server's page before React takes it over is kept for it.
keepEarlyText();
// A page the server rendered (server/src/modules/pages) says so on its root, with the language it
// was rendered in, and carries its data (TanStack Query's dehydrated cache).
const rootElement = document.getElementById('root')!;
const serverLanguage = rootElement.dataset.ssr;
const serverState = document.getElementById('ssr-state');
// The server's page already has the tenant's colours; a client-rendered one starts from the last visit's.
if (!serverLanguage) applyStoredColors();
// A session from before the server knew of sessions: told now, for the next page.
if (getToken() && !document.cookie.includes('signed_in=1')) markSignedIn(true);
const i18nReady = initI18n();
const client = createQueryClient();

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
void i18nReady.then(() => {
  const app = (
    <StrictMode>
      <App client={client} />
    </StrictMode>
  );
  // Hydrated when the server rendered it in this visitor's language (a language chosen on this
  // device only, not yet known to the server, renders afresh instead of mismatching).
  if (serverLanguage && serverState?.textContent && serverLanguage === i18next.language) {
    // The server's answers, as they were when it fetched them (TanStack Query's dehydrated form;
    // its own `hydrate` costs the first page a kilobyte for options the server never sets).
    const state = JSON.parse(serverState.textContent) as {
      queries: {
        queryKey: QueryKey;
        state: { data: unknown; dataUpdatedAt: number; status: string };
      }[];
    };
    for (const query of state.queries)
      if (query.state.status === 'success')
        client.setQueryData(query.queryKey, query.state.data, {
          updatedAt: query.state.dataUpdatedAt,
        });
    // The tenant came with the data: its key goes with the calls, as a fetched tenant's does.
    const tenant = client.getQueryData<{ api_key: string }>(
      tenancyKeys.appByDomain(currentDomain()),
    );
    if (tenant) storage.set(storageKeys.apiKey, tenant.api_key);
    // Hydrated as a transition, as Next.js does: React then works in slices of a few milliseconds
    // and lets the phone paint and take input in between, where a default-priority hydration is
    // one long task (60 ms here, half a second on Lighthouse's slow phone). A click that comes
    // before it ends makes React finish the hydration at once and replay the click.
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        // A hydration mismatch is a bug (the browser suite fails on this message): reported, and
        // React renders that part again on the client.
        onRecoverableError(error, info) {
          console.error('Hydration mismatch:', error);
          reportClientError('render', error, info.componentStack);
        },
      });
    });
    return;
  }
  // The first render is a transition: React builds it in slices of a few milliseconds and lets
  // the browser paint and take input in between, instead of one long task on a slow phone.
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
});
