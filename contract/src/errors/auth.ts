import type { CatalogueEntries } from './entry';

/** Accounts: login, sign-up, links, passwords (and their success bodies). */
export const authErrors = {
  'auth.email_required': {
    es: 'Por favor digite un correo electrónico válido',
    en: 'Please enter a valid email',
  },
  'auth.document_type_required': {
    es: 'Por favor seleccion un tipo de documento',
    en: 'Please select a document type',
  },
  'auth.document_number_required': {
    es: 'Por favor digite un número de documento',
    en: 'Please enter a document number',
  },
  'auth.mobile_required': {
    es: 'Por favor digite un teléfono válido',
    en: 'Please enter a valid phone number',
  },
  'auth.captcha': {
    es: 'Haz click en No soy un robot',
    en: "Click on I'm not a robot",
  },
  'auth.login_failed': {
    es: 'Ocurrió un error al ingresar',
    en: 'An error occurred while logging in',
  },
  'auth.invalid_date': {
    es: 'Escriba una fecha válida',
    en: 'Enter a valid date',
  },
  'auth.underage': {
    es: 'Debe ser mayor de edad',
    en: 'You must be of legal age',
  },
  'auth.correct_fields': {
    es: 'Por favor corrija los campos correspondientes',
    en: 'Please correct the relevant fields',
    spec: 'en',
  },
  'auth.link_expired': {
    es: 'El link ha expirado',
    en: 'The link has expired',
  },
  'auth.invalid_credentials': {
    es: 'No puede iniciar sesión con las credenciales proporcionadas.',
    en: 'Unable to log in with the provided credentials.',
  },
  'auth.method_not_allowed': {
    es: 'Este método de ingreso no está habilitado.',
    en: 'This sign-in method is not enabled.',
  },
  'auth.signup_closed': {
    es: 'El registro no está habilitado en esta aplicación.',
    en: 'Sign-up is not enabled in this application.',
  },
  'auth.email_taken': {
    es: 'Ya existe un usuario con este correo electrónico.',
    en: 'A user with this email already exists.',
  },
  'auth.document_taken': {
    es: 'Ya existe un usuario con este documento.',
    en: 'A user with this document already exists.',
  },
  'auth.mobile_taken': {
    es: 'Ya existe un usuario con este teléfono.',
    en: 'A user with this phone number already exists.',
  },
  'auth.invalid_document': {
    es: 'Ingresar un número de documento válido.',
    en: 'Enter a valid document number.',
  },
  'auth.invalid_google_token': {
    es: 'No se pudo validar su cuenta de Google.',
    en: 'Your Google account could not be validated.',
  },
  'auth.google_email_unverified': {
    es: 'Su cuenta de Google no tiene un correo verificado.',
    en: 'Your Google account has no verified email.',
  },
  'auth.invalid_facebook_token': {
    es: 'No se pudo validar su cuenta de Facebook.',
    en: 'Your Facebook account could not be validated.',
  },
  'auth.facebook_email_missing': {
    es: 'Su cuenta de Facebook no comparte un correo electrónico.',
    en: 'Your Facebook account shares no email address.',
  },
  'auth.invalid_apple_token': {
    es: 'No se pudo validar su cuenta de Apple.',
    en: 'Your Apple account could not be validated.',
  },
  'auth.apple_email_unverified': {
    es: 'Su cuenta de Apple no tiene un correo verificado.',
    en: 'Your Apple account has no verified email.',
  },
  'auth.social_email_taken': {
    es: 'Ya existe una cuenta con este correo: ingrese como lo hizo al registrarse.',
    en: 'An account with this email already exists: sign in the way you signed up.',
  },
  'auth.provider_unavailable': {
    es: 'No pudimos comunicarnos con {provider}. Inténtelo de nuevo en unos minutos.',
    en: 'We could not reach {provider}. Try again in a few minutes.',
  },
  'auth.invalid_token': {
    es: 'Token inválido.',
    en: 'Invalid token.',
  },
  'auth.limited_session': {
    es: 'Para hacer esto ingrese con su contraseña o con Google: ingresó solo con su documento.',
    en: 'To do this, sign in with your password or Google: you signed in with your document only.',
  },
  'auth.password_needed_for_account': {
    es: 'Esta cuenta debe ingresar con su contraseña.',
    en: 'This account must sign in with its password.',
  },
  'auth.no_email': {
    es: 'Su cuenta no tiene un correo electrónico registrado.',
    en: 'Your account has no registered email.',
  },
  'auth.invalid_area': {
    es: 'Seleccione un área válida.',
    en: 'Select a valid area.',
  },
  'auth.passwords_must_match': {
    es: 'Las contraseñas no coinciden.',
    en: 'The passwords do not match.',
  },
  'auth.password_too_short': {
    es: 'La contraseña debe tener al menos 8 caracteres.',
    en: 'The password must have at least 8 characters.',
  },
  'auth.password_too_long': {
    es: 'La contraseña no puede tener más de 128 caracteres.',
    en: 'The password cannot have more than 128 characters.',
  },
  'auth.password_only_digits': {
    es: 'La contraseña no puede tener solo números.',
    en: 'The password cannot be only digits.',
  },
  'auth.password_is_email': {
    es: 'La contraseña no puede ser igual a su correo electrónico.',
    en: 'The password cannot be your email.',
  },
  'auth.wrong_old_password': {
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is not correct.',
  },
  'auth.accept_terms': {
    es: 'Debe aceptar los términos y condiciones',
    en: 'You must accept the terms and conditions',
  },
  'auth.accept_age': {
    es: 'Debe declarar que es mayor de edad',
    en: 'You must declare that you are of legal age',
  },
  'auth.accept_data_processing': {
    es: 'Debe autorizar el tratamiento de sus datos personales',
    en: 'You must authorise the processing of your personal data',
  },
  'auth.accept_publicity': {
    es: 'Debe autorizar el tratamiento de sus datos con fines publicitarios',
    en: 'You must authorise the processing of your data for advertising',
  },
  'auth.recovery_sent': {
    es: 'Correo enviado. Por favor revise su bandeja de entrada.',
    en: 'Email sent. Please check your inbox.',
  },
  'auth.password_reset': {
    es: 'Su contraseña ha sido restablecida.',
    en: 'Your password has been reset.',
  },
  'auth.password_changed': {
    es: 'Su contraseña ha sido cambiada.',
    en: 'Your password has been changed.',
  },
  'auth.email_verified': {
    es: 'Su correo ha sido verificado.',
    en: 'Your email has been verified.',
  },
  'auth.deletion_sent': {
    es: 'Le enviamos un correo para confirmar la eliminación de su cuenta.',
    en: 'We sent you an email to confirm the deletion of your account.',
  },
  'auth.account_deleted': {
    es: 'Su cuenta ha sido eliminada.',
    en: 'Your account has been deleted.',
  },
  'auth.logged_out': {
    es: 'Sesión cerrada.',
    en: 'Logged out.',
  },
  'auth.logged_out_everywhere': {
    es: 'Se cerró su sesión en todos los dispositivos.',
    en: 'You were signed out on every device.',
  },
} as const satisfies CatalogueEntries;
