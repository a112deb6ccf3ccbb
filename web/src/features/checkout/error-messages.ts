import type { TFunction } from 'i18next';
import { orderMessages, subscriptionMessages } from '@store/contract/orders/messages';
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Server refusals carrying a number, matched by their contract template: `{max}` becomes the number. */
const numbered = [
  { key: 'checkout.tooManyUnpaid', template: orderMessages.tooManyUnpaid },
  { key: 'checkout.tooManyActive', template: subscriptionMessages.tooManyActive },
].map(({ key, template }) => ({
  key,
  pattern: new RegExp(`^${escape(template).replace(escape('{max}'), '(\\d+)')}$`),
}));

/** A server message in the member's language when we know it; as it came otherwise. */
export function translateServerMessage(message: string, t: TFunction): string {
  for (const { key, pattern } of numbered) {
    const match = pattern.exec(message);
    if (match) return t(key, { max: Number(match[1]) });
  }
  return message;
}
