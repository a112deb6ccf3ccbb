import { CLIENT_ERROR_LIMITS, type ClientErrorKind } from '@store/contract/telemetry/limits';
import { sendClientError } from '../api/report-client-error';
import { BUILD_ID } from './build-id';

/** A broken page can throw in a loop: one page load sends this many reports at most. */
export const MAX_REPORTS_PER_LOAD = 5;

const seen = new Set<string>();
let sent = 0;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, stack: error.stack || undefined };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/**
 * Reports an error to the server (POST v5/client-errors/), once per distinct error and at most
 * MAX_REPORTS_PER_LOAD times per page load. Only the page's path goes along: its query string
 * and fragment may hold tokens. Never throws; a report that cannot be sent is dropped.
 */
export function reportClientError(
  kind: ClientErrorKind,
  error: unknown,
  componentStack?: string | null,
): void {
  try {
    const { message, stack } = describe(error);
    const where = stack?.split('\n').find((line) => /\bat\b|@/.test(line)) ?? '';
    const key = `${kind}\n${message}\n${where}`;
    if (seen.has(key) || sent >= MAX_REPORTS_PER_LOAD) return;
    seen.add(key);
    sent += 1;
    void sendClientError({
      kind,
      message: message.trim().slice(0, CLIENT_ERROR_LIMITS.message) || 'Error',
      stack: stack?.slice(0, CLIENT_ERROR_LIMITS.stack),
      component_stack: componentStack?.slice(0, CLIENT_ERROR_LIMITS.componentStack) || undefined,
      page: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.pagePath),
      build: BUILD_ID,
    }).catch(() => undefined);
  } catch {
    // Reporting must never be the next error.
  }
}

/** Uncaught errors and unhandled promise rejections of the page go to the server. */
export function installErrorReporters(): void {
  window.addEventListener('error', (event) => {
    // A cross-origin script's error says only 'Script error.': nothing to act on.
    if (!event.error && (!event.message || event.message === 'Script error.')) return;
    // The browser's note that it put off some resize notifications to the next frame: nothing
    // was lost and nothing is broken (error trackers drop it too).
    if (!event.error && event.message.startsWith('ResizeObserver loop')) return;
    reportClientError('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportClientError('unhandledrejection', event.reason);
  });
}
