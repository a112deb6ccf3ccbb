import type { Mail } from './mailer';
import { clientText } from './safe';

/** The few mails of the accounts area, in Spanish, with absolute links. */
export type Who = { appName: string; to: string; firstName: string };

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function compose(
  who: Who,
  subject: string,
  lines: string[],
  action: { label: string; link: string } | null,
  footer: string,
): Mail {
  // The name is whatever was typed at sign-up, and the mail may reach an address nobody verified.
  const name = clientText(who.firstName, 40);
  const greeting = name ? `Hola ${name},` : 'Hola,';
  const text = [
    greeting,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.link}`] : []),
    '',
    footer,
    '',
    who.appName,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(action
      ? [`<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`]
      : []),
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    `<p>${escapeHtml(who.appName)}</p>`,
  ].join('\n');
  return { to: who.to, subject: `${subject} - ${who.appName}`, text, html };
}

export function verificationMail(who: Who, link: string, days: number): Mail {
  return compose(
    who,
    'Confirma tu correo electrónico',
    [
      `Gracias por registrarte en ${who.appName}.`,
      `Confirma tu correo electrónico con este enlace; vence en ${days} días.`,
    ],
    { label: 'Confirmar mi correo', link },
    'Si no creaste esta cuenta, ignora este mensaje.',
  );
}

export function resetPasswordMail(who: Who, link: string, minutes: number): Mail {
  return compose(
    who,
    'Restablece tu contraseña',
    [
      'Recibimos una solicitud para restablecer tu contraseña.',
      `Usa este enlace para elegir una nueva; vence en ${minutes} minutos y sirve una sola vez.`,
    ],
    { label: 'Restablecer mi contraseña', link },
    'Si no lo solicitaste, ignora este mensaje: tu contraseña no cambiará.',
  );
}

export function deleteAccountMail(who: Who, link: string, hours: number): Mail {
  return compose(
    who,
    'Confirma la eliminación de tu cuenta',
    [
      'Recibimos una solicitud para eliminar tu cuenta.',
      'Al eliminarla perderás los beneficios acumulados y tus datos personales serán borrados.',
      `Para confirmarlo usa este enlace; vence en ${hours} horas.`,
    ],
    { label: 'Eliminar mi cuenta', link },
    'Si no lo solicitaste, ignora este mensaje: tu cuenta seguirá activa.',
  );
}

export function staffInvitationMail(
  who: Who,
  invite: { company: string; role: string; link: string; days: number },
): Mail {
  // A marketplace store names itself: its name is the merchant's word, sent under the marketplace's.
  const company = clientText(invite.company, 80);
  return compose(
    who,
    `Te invitaron al equipo de ${company}`,
    [
      `${company} te invita a su equipo en ${who.appName} con el rol ${invite.role}.`,
      `Abre el enlace, inicia sesión o crea tu cuenta con este mismo correo (${who.to}) y acepta la invitación; vence en ${invite.days} días.`,
    ],
    { label: 'Ver la invitación', link: invite.link },
    'Si no esperabas esta invitación, ignora este mensaje: nadie recibirá acceso sin aceptarla.',
  );
}

/** The code that lets a session opened with the document number alone see and do everything. */
export function stepUpCodeMail(who: Who, code: string, minutes: number): Mail {
  return compose(
    who,
    'Tu código para confirmar que eres tú',
    [
      'En una sesión abierta solo con tu número de documento se pidió confirmar que eres tú.',
      `Tu código es ${code}. Vence en ${minutes} minutos y sirve una sola vez.`,
    ],
    null,
    'Si no fuiste tú, no compartas este código con nadie. Puedes desactivar el ingreso solo con tu documento en tus datos personales.',
  );
}
