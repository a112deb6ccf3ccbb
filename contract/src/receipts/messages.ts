import { messagesOf } from '../errors/entry';
import { receiptsErrors } from '../errors/receipts';

/** The receipts area's message codes, by name (texts in errors/receipts.ts). */
export const receiptMessages = /* @__PURE__ */ messagesOf('receipts', receiptsErrors);
