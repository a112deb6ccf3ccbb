import { centsToMoney, type Order } from '@store/contract';
import { eq, sql } from 'drizzle-orm';
import type { Mail, MailWriter } from '../mail/mailer';
import { clientText } from '../mail/safe';
import { dayInWords } from '../mail/words';
import { mailOutbox, orders } from '../../db/schema';
import { ofTenant, tenantRef } from '../../scope/tenant-query';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * The buyer's confirmation, in Spanish: number, products, totals and how the order is received.
 * `to` is the member's verified address (never the order's billing email: a client could name
 * anyone's).
 * `number` is the order's own unless given (the mark an order not numbered yet is written with).
 */
export function orderConfirmationMail(
  appName: string,
  to: string,
  order: Order,
  symbol: string,
  number: string = String(order.number),
): Mail {
  const money = (s: string) => `${symbol} ${s}`;
  // The buyer typed the address, the reference and the name: short plain text, no link.
  const how =
    order.shipping_type === 'pickup'
      ? // The day in words ('el jueves 3 de diciembre'), as people say it, not '2026-12-03'.
        `Recojo en ${order.place.name}${order.pickup_date ? ` el ${dayInWords(order.pickup_date)}` : ''} de ${order.pickup_start} a ${order.pickup_end}.`
      : `Entrega en ${clientText(order.address ?? '', 120)}${order.reference ? ` (${clientText(order.reference, 80)})` : ''}, ${order.district}.`;
  const lines = [
    `Recibimos tu pedido N° ${number} en ${order.place.name}.`,
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
  const name = order.billing ? clientText(order.billing.first_name, 40) : '';
  const greeting = name ? `Hola ${name},` : 'Hola,';
  const text = [greeting, '', ...lines, '', appName].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')),
    `<p>${escapeHtml(appName)}</p>`,
  ].join('\n');
  return { to, subject: `Pedido N° ${number} recibido - ${appName}`, text, html };
}

/**
 * Where an order's number goes in a confirmation written before the order has it. Readable in the
 * demo's log; a buyer who types it into their own order's fields only sees their number there.
 */
export const ORDER_NUMBER_MARK = '⟦número⟧';

const fillNumber = (text: string) =>
  sql`replace(${text}::text, ${ORDER_NUMBER_MARK}::text, ${orders.number}::text)`;

/**
 * A MailWriter for the confirmation of `orderUid`, numbered earlier in the same transaction: its
 * number mark replaced by the order's number as the database has it at that point. The checkout
 * sends it in one write with the statement that numbers the order and the COMMIT (reserveStep),
 * so the hot rows that statement locks are held for no round trip. An INSERT ... SELECT from the
 * order's own row, which Citus runs on the tenant's shard; its text is the same every time, so it
 * runs as a prepared statement (db/client.ts).
 */
const outboxColumns = sql.join(
  [
    mailOutbox.appId,
    mailOutbox.uid,
    mailOutbox.to,
    mailOutbox.subject,
    mailOutbox.text,
    mailOutbox.html,
    mailOutbox.sentAt,
  ].map((c) => sql.identifier(c.name)),
  sql`, `,
);

export function numberedFromOrder(orderUid: string): MailWriter {
  return (db, row) =>
    db
      .execute(
        sql`insert into ${mailOutbox} (${outboxColumns})
          select ${sql.join(
            [
              // The order's own tenant, which the where clause names.
              orders.appId,
              sql`${row.uid}::uuid`,
              sql`${row.to}::text`,
              fillNumber(row.subject),
              fillNumber(row.text),
              fillNumber(row.html),
              sql`${row.sentAt?.toISOString() ?? null}::timestamptz`,
            ],
            sql`, `,
          )}
          from ${orders} where ${ofTenant(tenantRef(row.appId), orders, eq(orders.uid, orderUid))}`,
      )
      // Sent now, not when awaited: the mail keeps its place in the pipeline.
      .execute();
}
