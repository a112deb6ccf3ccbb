import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppGate } from './app-gate';
import { ErrorBoundary } from '../components/error-boundary';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ErrorBoundary fullScreen>
          <AppGate />
        </ErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
