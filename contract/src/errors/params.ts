import { orderStatusLabels } from '../orders/messages';
import type { OrderStatus } from '../orders/status';
import type { ErrorCode } from './catalogue';

const orderStatusLabelsEn: Record<OrderStatus, string> = {
  RECEIVED: 'Received',
  ACCEPTED: 'Accepted',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED_BY_PLACE: 'Canceled by the store',
  CANCELED_BY_USER: 'Canceled by the client',
};

const statusLabel = (status: string | undefined, language: 'es' | 'en') =>
  status !== undefined && Object.hasOwn(orderStatusLabels, status)
    ? (language === 'es' ? orderStatusLabels : orderStatusLabelsEn)[status as OrderStatus]
    : (status ?? '');

/**
 * Parameters that are values of the API (an order status) rather than words: the text of each
 * language names them in its own words.
 */
export function localParams(
  code: ErrorCode,
  params: Record<string, string>,
  language: 'es' | 'en',
): Record<string, string> {
  if (code === 'orders.transition_refused')
    return {
      ...params,
      from: statusLabel(params.from, language),
      to: statusLabel(params.to, language),
    };
  return params;
}
