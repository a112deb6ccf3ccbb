import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_CLOSE_MS } from '@store/contract/constants';
import { ApiError } from '../api';
import { cspNonce } from '../lib/csp-nonce';
import { LazyToastContainer } from '../lib/toast';
import { useIsClient } from '../lib/use-is-client';
import { StepUpPrompt } from './step-up-prompt';

/** One per page load in the browser, one per render on the server (entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; network and server errors get one more try.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const isClient = useIsClient();
  return (
    <QueryClientProvider client={client}>
      {children}
      <StepUpPrompt />
      {isClient ? (
        <Suspense fallback={null}>
          <LazyToastContainer
            // At the bottom: at the top a toast covered the cart's Pedido/Suscripción switch and
            // the header, which the shopper reaches for right after adding a product (issue 36).
            position="bottom-center"
            autoClose={TOAST_CLOSE_MS}
            newestOnTop
            nonce={cspNonce()}
          />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
