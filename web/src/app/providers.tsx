import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_CLOSE_MS } from '@store/contract/constants';
import { ApiError } from '../api';
import { cspNonce } from '../lib/csp-nonce';
import { LazyToastContainer } from '../lib/toast';

const queryClient = new QueryClient({
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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <LazyToastContainer
          position="top-right"
          autoClose={TOAST_CLOSE_MS}
          newestOnTop
          nonce={cspNonce()}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
