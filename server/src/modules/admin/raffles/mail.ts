import type { Mail } from '../../mail/mailer';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The winner's mail, in Spanish (the store's default language), with the link to the raffles. */
export function raffleWinnerMail(
  appName: string,
  to: string,
  winner: { firstName: string; raffle: string; prize: string; program: string; link: string },
): Mail {
  const greeting = winner.firstName ? `Hola ${winner.firstName},` : 'Hola,';
  const lines = [
    `¡Ganaste el sorteo "${winner.raffle}" de ${winner.program}!`,
    ...(winner.prize ? [`Premio: ${winner.prize}.`] : []),
    'Nos pondremos en contacto contigo para coordinar la entrega del premio.',
  ];
  const text = [greeting, '', ...lines, '', `Ver los sorteos: ${winner.link}`, '', appName].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(winner.link)}">Ver los sorteos</a></p>`,
    `<p>${escapeHtml(appName)}</p>`,
  ].join('\n');
  return { to, subject: `Ganaste el sorteo ${winner.raffle} - ${appName}`, text, html };
}
