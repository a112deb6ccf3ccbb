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

export function App({ client }: { client: QueryClient }) {
  return <AppTree client={client} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
}
