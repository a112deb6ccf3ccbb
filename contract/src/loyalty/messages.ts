import { messagesOf } from '../errors/entry';
import { loyaltyErrors } from '../errors/loyalty';
import { engagementErrors } from '../errors/engagement';
/** The loyalty area's message codes, by name (texts in errors/loyalty.ts). */
export const loyaltyMessages = /* @__PURE__ */ messagesOf('loyalty', loyaltyErrors);

/** The engagement area's message codes, by name (texts in errors/engagement.ts). */
export const engagementMessages = /* @__PURE__ */ messagesOf('engagement', engagementErrors);
