/**
 * Texts of the staff console. The spec's quoted ones stay word for word (in
 * English, as the other areas keep them); the rest are ours, in Spanish.
 */
const staffSpecMessages = {
  // Spec (access-and-shell, staff)
  duplicatePhone: 'More than one user was found with this phone number, enter the document number',
  featureDisabled: 'The benefits program does not have this functionality enabled',
  amountExceedsMaximum: 'The amount exceeds the maximum',
} as const;

/** Ours, already in Spanish: the web's Spanish catalogue shows them as they are. */
export const staffSpanishMessages = {
  notStaff: 'Usted no es parte del personal de esta empresa.',
  roleNotAllowed: 'Su rol no permite realizar esta acción.',
  ownerOnly: 'Solo el dueño de la empresa puede administrar su personal.',
  clientNotFound: 'No se encontró el cliente.',
  identifyClient: 'Ingrese el documento o el teléfono del cliente.',
  qrInvalid: 'El código QR no es válido.',
  qrExpired: 'El código QR venció. Pida al cliente que lo muestre de nuevo.',
  promotionCodeNotFound: 'No se encontró una promoción con este código.',
  placeNotFound: 'Elija un local de la empresa.',
  placeNotAllowed: 'No puede atender en este local.',
  promotionNotAtPlace: 'Esta promoción no se puede usar en este local.',
  programNotFound: 'Elija un programa de la empresa.',
  noBenefitsProgram: 'La tienda no tiene un programa de beneficios asignado.',
  notMember: 'El cliente no es miembro de este programa.',
  amountPositive: 'El monto debe ser mayor que 0.',
  quantityPositive: 'La cantidad debe ser mayor que 0.',
  dateRange: 'La fecha inicial no puede ser posterior a la final.',
  userNotFound: 'No existe un usuario con este correo en la aplicación.',
  staffOfOtherCompany: 'Este usuario ya es parte del personal de otra empresa.',
  cannotRemoveSelf: 'No puede quitarse a sí mismo del personal.',
  orderNotFound: 'No se encontró el pedido.',
  productNotFound: 'Este producto no se puede canjear en este local.',
  noCoinsProgram: 'El cliente no pertenece a un programa con monedas de la empresa.',
  proofRequired:
    'Pida al cliente el código de su pantalla (o escanee su QR) para gastar sus beneficios.',
  proofInvalid: 'El código no es correcto. Pida al cliente el código de su pantalla.',
  proofExpired: 'El código venció o ya se usó. Pida al cliente uno nuevo.',
  proofBlocked: 'Demasiados intentos fallidos: el código dejó de valer. Pida al cliente uno nuevo.',
  proofOtherClient: 'Este QR es de otro cliente.',
  proofLimitedSession:
    'El cliente ingresó solo con su documento: para gastar sus monedas o sellos debe ingresar con su contraseña y mostrar su código.',
  notOwnAccount: 'No puede darse puntos ni sellos a sí mismo.',
  documentHasAccount:
    'Este documento ya tiene una cuenta. Pida al cliente que se una al programa desde su cuenta y búsquelo de nuevo.',
  alreadyStaffHere: 'Esta persona ya es parte del personal de la empresa.',
  notStaffHere: 'Esta persona no es parte del personal de la empresa; invítela.',
  invitationNotFound: 'La invitación no existe, venció o ya fue usada.',
  invitationOtherEmail:
    'Esta invitación es para otro correo. Inicie sesión con el correo invitado.',
} as const;

export const staffMessages = { ...staffSpecMessages, ...staffSpanishMessages } as const;
