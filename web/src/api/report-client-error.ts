import type { ClientErrorKind } from '@store/contract/telemetry/limits';
import { api } from './client';

/** The body of POST v5/client-errors/ (contract: telemetry/client-errors.ts, kept zod-free here). */
export type ClientErrorBody = {
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  component_stack?: string;
  page: string;
  build: string;
};

/**
 * Sends one browser error report. `keepalive` lets it finish while the page unloads (what
 * `sendBeacon` offers), and unlike a beacon it carries the session, so a member's report names
 * them. The server answers nothing (204).
 */
export function sendClientError(body: ClientErrorBody): Promise<unknown> {
  return api.post('v5/client-errors/', body, { keepalive: true });
}
