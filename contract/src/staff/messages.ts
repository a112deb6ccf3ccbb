import { messagesOf } from '../errors/entry';
import { staffErrors } from '../errors/staff';

/** The staff console's message codes, by name (texts in errors/staff.ts). */
export const staffMessages = /* @__PURE__ */ messagesOf('staff', staffErrors);
