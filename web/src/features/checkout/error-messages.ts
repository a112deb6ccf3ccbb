import { ApiError } from '../../api';

/** Every message an API error carries: its `detail`, or each field's messages in order. */
export function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === 'string') return [body.detail];
    return Object.values(body).flatMap((v) => (Array.isArray(v) ? v.map(String) : []));
  }
  return [];
}
