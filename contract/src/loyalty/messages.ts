import { messagesOf } from '../errors/entry';
import { loyaltyErrors } from '../errors/loyalty';
import { engagementErrors } from '../errors/engagement';
/** The loyalty area's message codes, by name (texts in errors/loyalty.ts). */
export const loyaltyMessages = messagesOf('loyalty', loyaltyErrors);

/** The engagement area's message codes, by name (texts in errors/engagement.ts). */
export const engagementMessages = messagesOf('engagement', engagementErrors);
