import { messagesOf } from '../errors/entry';
import { adminErrors } from '../errors/admin';

/** The back office's message codes, by name (texts in errors/admin.ts). */
export const adminMessages = /* @__PURE__ */ messagesOf('admin', adminErrors);
