import { ApiError } from '../../api';

/**
 * Every message an API error carries, as message refs (shown with lib/error-text): its
 * `detail`, or each field's messages in order.
 */
export function messagesOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const detail = error.detailMessage;
  if (detail !== undefined) return [detail];
  return Object.values(error.fieldErrors).flat();
}

/**
 * What to tell the member when sending failed for another reason than their fields: the server's
 * own words for a refusal (4xx), `fallback` for a network failure or a server error.
 */
export function failureMessagesOf(error: unknown, fallback: string): string[] {
  const known = messagesOf(error);
  return known.length && error instanceof ApiError && error.status > 0 && error.status < 500
    ? known
    : [fallback];
}
