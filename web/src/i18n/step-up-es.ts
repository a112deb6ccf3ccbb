/**
 * Spanish texts of the step-up prompt (features/auth/components/step-up-dialog.tsx), which adds
 * them when it first loads: they stay out of the first pages and of the accounts screens.
 */
export const stepUpEs = {
  title: 'Confirma que eres tú',
  text: 'Ingresaste solo con tu número de documento. Para ver tus datos y pedidos, comprar, canjear o cambiar algo de tu cuenta, confirma que eres tú.',
  confirm: 'Confirmar',
  confirmCode: 'Confirmar código',
  or: 'o',
  sendCode: 'Enviarme un código por correo',
  codeSent: 'Te enviamos un código a {{email}}. Vence en 10 minutos.',
  code: 'Código de 6 dígitos',
  sendAgain: 'Enviarme otro código',
  noWay:
    'Tu cuenta aún no tiene contraseña ni correo confirmado. Abre el enlace que te enviamos al registrarte para confirmar tu correo y vuelve a intentarlo.',
  notNow: 'Ahora no',
};
