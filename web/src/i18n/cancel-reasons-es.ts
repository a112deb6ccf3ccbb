/**
 * The cancel form's texts (components/cancel-order-form.tsx): the reasons the customer reads and
 * the note's words, the same in the back office's orders (`admin.orders`) and the staff console
 * (`staff`), whose texts take them in under their own prefix.
 */
export const cancelReasonsEs = {
  reasonLabel: 'Motivo de la cancelación',
  reasonPlaceholder: 'Elige el motivo',
  reason_out_of_stock: 'Se agotó un producto',
  reason_closed: 'El local no está atendiendo',
  reason_out_of_area: 'Fuera de la zona de reparto',
  reason_unreachable: 'No pudimos contactar al cliente',
  reason_customer_request: 'El cliente pidió cancelarlo',
  reason_other: 'Otro motivo (escríbelo)',
  reason_expired: 'Nadie lo aceptó a tiempo',
  reasonNote: 'Mensaje para el cliente',
  reasonNoteHint: 'Opcional. El cliente lo lee en su correo y en su pedido.',
  reasonNoteRequired: 'Escribe el motivo: el cliente lo lee en su correo y en su pedido.',
};
