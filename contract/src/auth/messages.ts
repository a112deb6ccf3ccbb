/**
 * Spanish texts of the accounts area. The ones the spec quotes are word for
 * word (typos included: the web app shows them as the original did); the rest
 * are ours, written in the same voice.
 */
export const authMessages = {
  // Login (spec section 5)
  emailRequired: 'Por favor digite un correo electrónico válido',
  documentTypeRequired: 'Por favor seleccion un tipo de documento',
  documentNumberRequired: 'Por favor digite un númeor de documento',
  mobileRequired: 'Por favor digite un teléfono válido',
  captcha: 'Haz click en No soy un robot',
  loginFailed: 'Ocurrió un error al ingresar',
  // Registration (spec section 5)
  invalidDate: 'Escriba una fecha válida',
  underage: 'Debe ser mayor de edad',
  correctFields: 'Please correct the relevant fields',
  // Links (spec section 8)
  linkExpired: 'El link ha expirado',
  // Ours
  invalidCredentials: 'No puede iniciar sesión con las credenciales proporcionadas.',
  methodNotAllowed: 'Este método de ingreso no está habilitado.',
  signupClosed: 'El registro no está habilitado en esta aplicación.',
  emailTaken: 'Ya existe un usuario con este correo electrónico.',
  documentTaken: 'Ya existe un usuario con este documento.',
  mobileTaken: 'Ya existe un usuario con este teléfono.',
  invalidDocument: 'Ingresar un número de documento válido.',
  invalidGoogleToken: 'No se pudo validar su cuenta de Google.',
  googleEmailUnverified: 'Su cuenta de Google no tiene un correo verificado.',
  invalidToken: 'Token inválido.',
  limitedSession:
    'Para hacer esto ingrese con su contraseña o con Google: ingresó solo con su documento.',
  passwordNeededForAccount: 'Esta cuenta debe ingresar con su contraseña.',
  noEmail: 'Su cuenta no tiene un correo electrónico registrado.',
  invalidArea: 'Seleccione un área válida.',
  passwordsMustMatch: 'Las contraseñas no coinciden.',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres.',
  passwordOnlyDigits: 'La contraseña no puede tener solo números.',
  passwordIsEmail: 'La contraseña no puede ser igual a su correo electrónico.',
  wrongOldPassword: 'La contraseña actual no es correcta.',
  acceptTerms: 'Debe aceptar los términos y condiciones',
  acceptAge: 'Debe declarar que es mayor de edad',
  acceptDataProcessing: 'Debe autorizar el tratamiento de sus datos personales',
  acceptPublicity: 'Debe autorizar el tratamiento de sus datos con fines publicitarios',
  // Success bodies
  recoverySent: 'Correo enviado. Por favor revise su bandeja de entrada.',
  passwordReset: 'Su contraseña ha sido restablecida.',
  passwordChanged: 'Su contraseña ha sido cambiada.',
  emailVerified: 'Su correo ha sido verificado.',
  deletionSent: 'Le enviamos un correo para confirmar la eliminación de su cuenta.',
  accountDeleted: 'Su cuenta ha sido eliminada.',
  loggedOut: 'Sesión cerrada.',
  loggedOutEverywhere: 'Se cerró su sesión en todos los dispositivos.',
} as const;
