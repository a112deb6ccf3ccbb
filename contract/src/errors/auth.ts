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
    es: 'Escribe una fecha válida',
    en: 'Enter a valid date',
  },
  'auth.underage': {
    es: 'Debes ser mayor de edad',
    en: 'You must be of legal age',
  },
  'auth.correct_fields': {
    es: 'Corrige los campos marcados',
    en: 'Please correct the relevant fields',
    spec: 'en',
  },
  'auth.link_expired': {
    es: 'El link ha expirado',
    en: 'The link has expired',
  },
  'auth.invalid_credentials': {
    es: 'No puedes iniciar sesión con las credenciales proporcionadas.',
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
    es: 'No se pudo validar tu cuenta de Google.',
    en: 'Your Google account could not be validated.',
  },
  'auth.google_email_unverified': {
    es: 'Tu cuenta de Google no tiene un correo verificado.',
    en: 'Your Google account has no verified email.',
  },
  'auth.invalid_facebook_token': {
    es: 'No se pudo validar tu cuenta de Facebook.',
    en: 'Your Facebook account could not be validated.',
  },
  'auth.facebook_email_missing': {
    es: 'Tu cuenta de Facebook no comparte un correo electrónico.',
    en: 'Your Facebook account shares no email address.',
  },
  'auth.invalid_apple_token': {
    es: 'No se pudo validar tu cuenta de Apple.',
    en: 'Your Apple account could not be validated.',
  },
  'auth.apple_email_unverified': {
    es: 'Tu cuenta de Apple no tiene un correo verificado.',
    en: 'Your Apple account has no verified email.',
  },
  'auth.social_email_taken': {
    es: 'Ya existe una cuenta con este correo: ingresa como lo hiciste al registrarte.',
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
  'auth.step_up_required': {
    es: 'Confirma que eres tú para continuar: ingresaste solo con tu número de documento.',
    en: "Confirm it's you to continue: you signed in with your document number only.",
  },
  'auth.step_up_proof_required': {
    es: 'Escribe tu contraseña o el código que te enviamos por correo.',
    en: 'Enter your password or the code we emailed you.',
  },
  'auth.step_up_wrong_password': {
    es: 'La contraseña no es correcta.',
    en: 'The password is not correct.',
  },
  'auth.step_up_code_invalid': {
    es: 'El código no es correcto o ya venció: pide uno nuevo.',
    en: 'The code is wrong or has expired: ask for a new one.',
  },
  'auth.step_up_no_verified_email': {
    es: 'Tu cuenta no tiene un correo verificado al que enviarte el código.',
    en: 'Your account has no verified email to send the code to.',
  },
  'auth.step_up_code_sent': {
    es: 'Te enviamos un código a {email}. Vence en {minutes} minutos.',
    en: 'We sent a code to {email}. It expires in {minutes} minutes.',
  },
  'auth.step_up_done': {
    es: 'Listo: confirmaste que eres tú.',
    en: "Done: you confirmed it's you.",
  },
  'auth.no_email': {
    es: 'Tu cuenta no tiene un correo electrónico registrado.',
    en: 'Your account has no registered email.',
  },
  'auth.invalid_area': {
    es: 'Selecciona un área válida.',
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
    es: 'La contraseña no puede ser igual a tu correo electrónico.',
    en: 'The password cannot be your email.',
  },
  'auth.wrong_old_password': {
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is not correct.',
  },
  'auth.accept_terms': {
    es: 'Debes aceptar los términos y condiciones',
    en: 'You must accept the terms and conditions',
  },
  'auth.accept_age': {
    es: 'Debes declarar que eres mayor de edad',
    en: 'You must declare that you are of legal age',
  },
  'auth.accept_data_processing': {
    es: 'Debes autorizar el tratamiento de tus datos personales',
    en: 'You must authorise the processing of your personal data',
  },
  'auth.accept_publicity': {
    es: 'Debes autorizar el tratamiento de tus datos con fines publicitarios',
    en: 'You must authorise the processing of your data for advertising',
  },
  'auth.recovery_sent': {
    es: 'Correo enviado. Revisa tu bandeja de entrada.',
    en: 'Email sent. Please check your inbox.',
  },
  'auth.password_reset': {
    es: 'Tu contraseña fue restablecida.',
    en: 'Your password has been reset.',
  },
  'auth.password_changed': {
    es: 'Tu contraseña fue cambiada.',
    en: 'Your password has been changed.',
  },
  'auth.email_verified': {
    es: 'Tu correo fue verificado.',
    en: 'Your email has been verified.',
  },
  'auth.deletion_sent': {
    es: 'Te enviamos un correo para confirmar la eliminación de tu cuenta.',
    en: 'We sent you an email to confirm the deletion of your account.',
  },
  'auth.account_deleted': {
    es: 'Tu cuenta fue eliminada.',
    en: 'Your account has been deleted.',
  },
  'auth.logged_out': {
    es: 'Sesión cerrada.',
    en: 'Logged out.',
  },
  'auth.logged_out_everywhere': {
    es: 'Se cerró tu sesión en todos los dispositivos.',
    en: 'You were signed out on every device.',
  },
} as const satisfies CatalogueEntries;
