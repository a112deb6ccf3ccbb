import { messagesOf } from '../errors/entry';
import { authErrors } from '../errors/auth';
/** The auth area's message codes, by name (texts in errors/auth.ts). */
export const authMessages = /* @__PURE__ */ messagesOf('auth', authErrors);
