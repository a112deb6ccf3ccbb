import type { cancelReasonsEs } from './cancel-reasons-es';

export const cancelReasonsEn: typeof cancelReasonsEs = {
  reasonLabel: 'Cancellation reason',
  reasonPlaceholder: 'Choose the reason',
  reason_out_of_stock: 'A product ran out',
  reason_closed: 'The place is not serving',
  reason_out_of_area: 'Outside the delivery area',
  reason_unreachable: "We couldn't reach the customer",
  reason_customer_request: 'The customer asked to cancel',
  reason_other: 'Another reason (write it)',
  reason_expired: 'Nobody accepted it in time',
  reasonNote: 'Message for the customer',
  reasonNoteHint: 'Optional. The customer reads it in their mail and on their order.',
  reasonNoteRequired: 'Write the reason: the customer reads it in their mail and on their order.',
};
