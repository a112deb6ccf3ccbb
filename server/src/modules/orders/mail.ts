import { centsToMoney, type Order } from '@store/contract';
import type { Mail } from '../mail/mailer';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The buyer's confirmation, in Spanish: number, products, totals and how the order is received. */
export function orderConfirmationMail(
  appName: string,
  to: string,
  order: Order,
  symbol: string,
): Mail {
  const money = (s: string) => `${symbol} ${s}`;
  const how =
    order.shipping_type === 'pickup'
      ? `Recojo en ${order.place.name} el ${order.pickup_date} de ${order.pickup_start} a ${order.pickup_end}.`
      : `Entrega en ${order.address}${order.reference ? ` (${order.reference})` : ''}, ${order.district}.`;
  const lines = [
    `Recibimos tu pedido N° ${order.number} en ${order.place.name}.`,
    how,
    '',
    ...order.products.map(
      (p) =>
        `${p.quantity} x ${p.title}${p.options.length ? ` (${p.options.map((o) => o.name).join(', ')})` : ''}: ${money(p.total)}`,
    ),
    '',
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discount !== centsToMoney(0)
      ? [`Descuento${order.coupon ? ` (${order.coupon})` : ''}: -${money(order.discount)}`]
      : []),
    ...(order.shipping_type === 'delivery' ? [`Delivery: ${money(order.delivery_price)}`] : []),
    `Total: ${money(order.total)} (incluye ${order.tax.name} ${money(order.taxes)})`,
    `Pago: ${order.payment_type}`,
  ];
  const greeting = order.billing ? `Hola ${order.billing.first_name},` : 'Hola,';
  const text = [greeting, '', ...lines, '', appName].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')),
    `<p>${escapeHtml(appName)}</p>`,
  ].join('\n');
  return { to, subject: `Pedido N° ${order.number} recibido - ${appName}`, text, html };
}
