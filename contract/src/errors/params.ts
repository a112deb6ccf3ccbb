import { orderStatusLabels } from '../orders/status-labels';
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

const weekdayWords = {
  es: {
    monday: 'el lunes',
    tuesday: 'el martes',
    wednesday: 'el miércoles',
    thursday: 'el jueves',
    friday: 'el viernes',
    saturday: 'el sábado',
    sunday: 'el domingo',
    tomorrow: 'mañana',
  },
  en: {
    monday: 'on Monday',
    tuesday: 'on Tuesday',
    wednesday: 'on Wednesday',
    thursday: 'on Thursday',
    friday: 'on Friday',
    saturday: 'on Saturday',
    sunday: 'on Sunday',
    tomorrow: 'tomorrow',
  },
} as const;

/** "el jueves " / "mañana " before "a las 07:00"; nothing for today (closed_now_delivery). */
const openingDay = (day: string | undefined, language: 'es' | 'en') => {
  const words: Record<string, string> = weekdayWords[language];
  return day && Object.hasOwn(words, day) ? `${words[day]} ` : '';
};

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
  if (code === 'orders.closed_now_delivery')
    return { ...params, day: openingDay(params.day, language) };
  return params;
}
