import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppGate } from './app-gate';
import { ErrorBoundary } from '../components/error-boundary';

/**
 * The app under a router: the browser's (`App`), or the server's static one for a first page
 * (entry-server.tsx), which must build the same tree for hydration to match.
 */
export function AppTree({
  client,
  router,
}: {
  client: QueryClient;
  router: (app: ReactNode) => ReactNode;
}) {
  return (
    <AppProviders client={client}>
      {router(
        <ErrorBoundary fullScreen>
          <AppGate />
        </ErrorBoundary>,
      )}
    </AppProviders>
  );
}

/**
 * The browser's router renders a new address at once, not in a transition: fields bound to the
 * address (the lists' date and place filters) must get their new value in the same event, or React
 * sets them back to the old one until the transition lands, and a date typed digit by digit came
 * out empty (docs/decisions.md, "Filters in the address merge into the newest query"). A lazily
 * loaded screen shows its layout's "Cargando" while its code arrives.
 */
export function App({ client }: { client: QueryClient }) {
  return (
    <AppTree
      client={client}
      router={(app) => <BrowserRouter useTransitions={false}>{app}</BrowserRouter>}
    />
  );
}
