import type { FastifyRequest } from 'fastify';
import type { OrderMail } from '../orders/notices';

/** The orders' mails of a request: the server's outbox, links on the tenant's own domain. */
export function orderMail(request: FastifyRequest): OrderMail {
  return { mailer: request.server.mailer, publicUrl: request.server.publicUrl };
}

/** The documentation of a store's move, shared by the staff console's and the back office's routes. */
export const transitionDoc =
  "Body `{action, reason?, reason_note?}`. `action`: accept | ship | deliver | cancel, only along the contract's state machine (pickup orders are never shipped); anything else: 400 {non_field_errors: ['El pedido ya está «{from}» y no puede pasar a «{to}».']} with both statuses in Spanish words; or `ready`: an ACCEPTED pickup order marked ready to collect, once (it stays ACCEPTED; otherwise 400 {non_field_errors}). A cancel gives the stock, coupon use, points and coins back and refunds a card payment; `reason` (out_of_stock | closed | out_of_area | unreachable | customer_request | other) and `reason_note` (up to 200 characters; required with `other`, else 400 {reason_note}) are kept on the order and shown to the customer. The member sees the new status at once; the customer's verified account address is mailed through the outbox on a cancel (with the reason and what is given back) and, when the company's `customer_status_mails` is on, on accept, ship and ready; a refund done is mailed too.";

/** The documentation of the consoles' question for new orders. */
export const recentOrdersDoc =
  'The company\'s orders placed in the last `window_seconds` (600) at the places the user may act at, newest first, at most 50, without those still waiting for their card payment; `now` is the server\'s clock. The consoles ask every few seconds and announce the uids they have not seen (a poll: the servers keep no state between requests; see docs/decisions.md, "New orders announced"). One range of an index, however long the history.';
