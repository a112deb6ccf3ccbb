import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportClientError } from '../lib/error-reporter';
import { PageMessage } from './page-message';

/** A lazy screen whose file is gone (a new build was deployed) cannot render until a reload. */
const CHUNK_LOAD_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError/i;

function ErrorScreen({ fullScreen, onRetry }: { fullScreen?: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <PageMessage
        fullScreen={fullScreen}
        title={t('common.errorTitle')}
        text={t('common.errorText')}
      >
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </PageMessage>
    </div>
  );
}

type Props = {
  children: ReactNode;
  fullScreen?: boolean;
  /** When it changes (the page's path), a caught error is forgotten: another page may work. */
  resetKey?: string;
};
type State = { error: Error | null; retries: number };

/**
 * Catches what its part of the page throws while rendering: reports it to the server and shows
 * 'Algo salió mal' with 'Reintentar' instead of a blank page. Retrying renders the part again;
 * when that already failed once, or the error is a screen's file that could not load, it reloads
 * the page (a fresh page gets the current build's files and fresh data).
 * React catches render errors only in a class component.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    reportClientError('render', error, info.componentStack);
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null, retries: 0 });
  }

  private retry = () => {
    const { error, retries } = this.state;
    if (retries > 0 || CHUNK_LOAD_ERROR.test(String(error?.message))) {
      window.location.reload();
      return;
    }
    this.setState({ error: null, retries: retries + 1 });
  };

  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen fullScreen={this.props.fullScreen} onRetry={this.retry} />;
  }
}
