import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppGate } from './app-gate';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppGate />
      </BrowserRouter>
    </AppProviders>
  );
}
