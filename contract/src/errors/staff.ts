import type { CatalogueEntries } from './entry';

/** The staff console. */
export const staffErrors = {
  'staff.duplicate_phone': {
    es: 'Se encontró más de un usuario con este número de celular, ingresa el número de documento',
    en: 'More than one user was found with this phone number, enter the document number',
    spec: 'en',
  },
  'staff.feature_disabled': {
    es: 'El programa de beneficios no tiene habilitada esta funcionalidad',
    en: 'The benefits program does not have this functionality enabled',
    spec: 'en',
  },
  'staff.amount_exceeds_maximum': {
    es: 'El monto supera el máximo',
    en: 'The amount exceeds the maximum',
    spec: 'en',
  },
  'staff.not_staff': {
    es: 'No eres parte del personal de esta empresa.',
    en: 'You are not part of the staff of this company.',
  },
  'staff.role_not_allowed': {
    es: 'Tu rol no permite realizar esta acción.',
    en: 'Your role does not allow this action.',
  },
  'staff.owner_only': {
    es: 'Solo el dueño de la empresa puede administrar su personal.',
    en: 'Only the company owner can manage its staff.',
  },
  'staff.client_not_found': {
    es: 'No se encontró el cliente.',
    en: 'The client was not found.',
  },
  'staff.identify_client': {
    es: 'Ingresa el documento o el teléfono del cliente.',
    en: "Enter the client's document or phone number.",
  },
  'staff.qr_invalid': {
    es: 'El código QR no es válido.',
    en: 'The QR code is not valid.',
  },
  'staff.qr_expired': {
    es: 'El código QR venció. Pide al cliente que lo muestre de nuevo.',
    en: 'The QR code expired. Ask the client to show it again.',
  },
  'staff.promotion_code_not_found': {
    es: 'No se encontró una promoción con este código.',
    en: 'No promotion was found with this code.',
  },
  'staff.place_not_found': {
    es: 'Elige un local de la empresa.',
    en: 'Choose a place of the company.',
  },
  'staff.place_not_allowed': {
    es: 'No puedes atender en este local.',
    en: 'You cannot serve at this place.',
  },
  'staff.promotion_not_at_place': {
    es: 'Esta promoción no se puede usar en este local.',
    en: 'This promotion cannot be used at this place.',
  },
  'staff.program_not_found': {
    es: 'Elige un programa de la empresa.',
    en: 'Choose a program of the company.',
  },
  'staff.no_benefits_program': {
    es: 'La tienda no tiene un programa de beneficios asignado.',
    en: 'The store has no benefits program assigned.',
  },
  'staff.not_member': {
    es: 'El cliente no es miembro de este programa.',
    en: 'The client is not a member of this program.',
  },
  'staff.amount_positive': {
    es: 'El monto debe ser mayor que 0.',
    en: 'The amount must be greater than 0.',
  },
  'staff.points_at_most': {
    es: 'Puedes agregar como máximo {max} puntos a la vez.',
    en: 'You can add at most {max} points at a time.',
  },
  'staff.stamps_at_most': {
    es: 'Puedes dar como máximo {max} sellos a la vez.',
    en: 'You can give at most {max} stamps at a time.',
  },
  'staff.quantity_positive': {
    es: 'La cantidad debe ser mayor que 0.',
    en: 'The quantity must be greater than 0.',
  },
  'staff.date_range': {
    es: 'La fecha inicial no puede ser posterior a la final.',
    en: 'The start date cannot be after the end date.',
  },
  'staff.user_not_found': {
    es: 'No existe un usuario con este correo en la aplicación.',
    en: 'There is no user with this email in the app.',
  },
  'staff.staff_of_other_company': {
    es: 'Este usuario ya es parte del personal de otra empresa.',
    en: 'This user is already part of the staff of another company.',
  },
  'staff.cannot_remove_self': {
    es: 'No puedes quitarte a ti mismo del personal.',
    en: 'You cannot remove yourself from the staff.',
  },
  'staff.order_not_found': {
    es: 'No se encontró el pedido.',
    en: 'The order was not found.',
  },
  'staff.product_not_found': {
    es: 'Este producto no se puede canjear en este local.',
    en: 'This product cannot be redeemed at this place.',
  },
  'staff.no_coins_program': {
    es: 'El cliente no pertenece a un programa con monedas de la empresa.',
    en: 'The client belongs to no program with coins of this company.',
  },
  'staff.proof_required': {
    es: 'Pide al cliente el código de su pantalla (o escanea su QR) para gastar sus beneficios.',
    en: 'Ask the client for the code on their screen (or scan their QR) to spend their benefits.',
  },
  'staff.proof_invalid': {
    es: 'El código no es correcto. Pide al cliente el código de su pantalla.',
    en: 'The code is not right. Ask the client for the code on their screen.',
  },
  'staff.proof_expired': {
    es: 'El código venció o ya se usó. Pide al cliente uno nuevo.',
    en: 'The code expired or was already used. Ask the client for a new one.',
  },
  'staff.proof_blocked': {
    es: 'Demasiados intentos fallidos: el código dejó de valer. Pide al cliente uno nuevo.',
    en: 'Too many wrong tries: the code no longer works. Ask the client for a new one.',
  },
  'staff.proof_other_client': {
    es: 'Este QR es de otro cliente.',
    en: 'This QR belongs to another client.',
  },
  'staff.proof_limited_session': {
    es: 'El cliente ingresó solo con su documento: para gastar sus monedas o sellos debe ingresar con su contraseña y mostrar su código.',
    en: 'The client signed in with their document only: to spend their coins or stamps they must sign in with their password and show their code.',
  },
  'staff.qr_used': {
    es: 'Este QR ya se usó. Pide al cliente que muestre uno nuevo o el código de su pantalla.',
    en: 'This QR was already used. Ask the client to show a new one or the code on their screen.',
  },
  'staff.qr_other_promotion': {
    es: 'Este QR es de otra promoción.',
    en: 'This QR is for another promotion.',
  },
  'staff.not_own_account': {
    es: 'No puedes darte puntos ni sellos a ti mismo.',
    en: 'You cannot give points or stamps to yourself.',
  },
  'staff.client_accept_terms': {
    es: 'Falta que el cliente acepte los términos y condiciones',
    en: 'The client must accept the terms and conditions',
  },
  'staff.client_accept_age': {
    es: 'El cliente debe declarar que tiene 14 años o más',
    en: 'The client must declare they are 14 or over',
  },
  'staff.client_accept_data_processing': {
    es: 'El cliente debe autorizar el tratamiento de sus datos personales',
    en: 'The client must authorise the processing of their personal data',
  },
  'staff.document_has_account': {
    es: 'Este documento ya tiene una cuenta. Pide al cliente que se una al programa desde su cuenta y búscalo de nuevo.',
    en: 'This document already has an account. Ask the client to join the program from their account and search again.',
  },
  'staff.already_staff_here': {
    es: 'Esta persona ya es parte del personal de la empresa.',
    en: 'This person is already part of the company staff.',
  },
  'staff.not_staff_here': {
    es: 'Esta persona no es parte del personal de la empresa; invítela.',
    en: 'This person is not part of the company staff; invite them.',
  },
  'staff.invitation_not_found': {
    es: 'La invitación no existe, venció o ya fue usada.',
    en: 'The invitation does not exist, expired or was already used.',
  },
  'staff.invitation_other_email': {
    es: 'Esta invitación es para otro correo. Inicie sesión con el correo invitado.',
    en: 'This invitation is for another email. Sign in with the invited email.',
  },
} as const satisfies CatalogueEntries;
