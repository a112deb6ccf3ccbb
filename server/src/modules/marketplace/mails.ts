import type { StoreChangeDecision, StoreDecision } from '@store/contract';
import { compose, type Who } from '../mail/templates';
import type { Mail } from '../mail/mailer';

/** What the marketplace owner decided, told to the store's owner (in Spanish, as every mail). */
export function storeDecisionMail(
  who: Who,
  store: { name: string; decision: StoreDecision; reason: string | null; link: string },
): Mail {
  const lines: Record<StoreDecision, { subject: string; lines: string[] }> = {
    approve: {
      subject: `Tu tienda ${store.name} fue aprobada`,
      lines: [`${store.name} ya se ve en ${who.appName}: tus clientes pueden comprarte.`],
    },
    reactivate: {
      subject: `Tu tienda ${store.name} fue reactivada`,
      lines: [`${store.name} vuelve a verse en ${who.appName}.`],
    },
    reject: {
      subject: `Tu tienda ${store.name} no fue aprobada`,
      lines: [
        `${who.appName} revisó ${store.name} y por ahora no la publicará.`,
        `Motivo: ${store.reason ?? ''}`,
        'Puedes corregirlo en la administración y volver a pedir la revisión.',
      ],
    },
    suspend: {
      subject: `Tu tienda ${store.name} fue suspendida`,
      lines: [
        `${store.name} dejó de verse en ${who.appName} y no recibe pedidos.`,
        `Motivo: ${store.reason ?? ''}`,
      ],
    },
  };
  const text = lines[store.decision];
  return compose(
    who,
    text.subject,
    text.lines,
    { label: 'Abrir la administración', link: store.link },
    'Si tienes dudas, responde a este correo o escribe al mercado.',
  );
}

/** The marketplace owner's decision on a change of the store's name, logo or description. */
export function storeChangeMail(
  who: Who,
  store: { name: string; decision: StoreChangeDecision; reason: string | null; link: string },
): Mail {
  const text =
    store.decision === 'approve'
      ? {
          subject: `Tu cambio en ${store.name} fue aprobado`,
          lines: [`${who.appName} aprobó el cambio: tus clientes ya ven ${store.name} así.`],
        }
      : {
          subject: `Tu cambio en ${store.name} no fue aprobado`,
          lines: [
            `${who.appName} revisó el cambio de nombre, logo o descripción y por ahora no lo publicará: tus clientes siguen viendo la versión aprobada.`,
            `Motivo: ${store.reason ?? ''}`,
            'Puedes corregirlo en la administración y volver a enviarlo.',
          ],
        };
  return compose(
    who,
    text.subject,
    text.lines,
    { label: 'Abrir la administración', link: store.link },
    'Si tienes dudas, responde a este correo o escribe al mercado.',
  );
}
