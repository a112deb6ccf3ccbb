import { cancelReasonTexts, centsToMoney, type CancelReasonCode } from '@store/contract';
import type { Mail } from '../mail/mailer';
import { clientText } from '../mail/safe';
import { escapeHtml } from '../mail/templates';
import { dayInWords } from '../mail/words';

/** What the customer is told about their order (the mails of orders/notices.ts). */
export type CustomerNotice =
  | { kind: 'accepted' | 'shipped' | 'ready' | 'canceled' }
  | { kind: 'refunded'; amountCents: number };

/** The order as its notices speak of it: the facts read in the transaction that caused them. */
export type NoticeFacts = {
  appName: string;
  to: string;
  firstName: string;
  number: number;
  placeName: string;
  placeAddress: string | null;
  shippingType: 'delivery' | 'pickup';
  pickupDate: string | null;
  pickupStart: string | null;
  pickupEnd: string | null;
  address: string | null;
  reference: string | null;
  district: string | null;
  /** The store day it was placed. */
  placedOn: string;
  currencySymbol: string;
  totalCents: number;
  coinTotal: number;
  paymentStatus: string;
  cardLast4: string | null;
  cancelReason: CancelReasonCode | null;
  cancelNote: string | null;
  /** The customer's order page on the store's own domain. */
  link: string;
  /** The store day it is now (a date in the same year is said without its year). */
  today: string;
};

const money = (f: NoticeFacts, cents: number) => `${f.currencySymbol} ${centsToMoney(cents)}`;

/**
 * What people typed reaches the mail as one short line with no working link (mail/safe.ts), and
 * is escaped in the HTML part like every line.
 */
function typedBy(f: NoticeFacts) {
  return {
    firstName: clientText(f.firstName, 40),
    address: f.address ? clientText(f.address, 120) : null,
    reference: f.reference ? clientText(f.reference, 80) : null,
    district: f.district ? clientText(f.district, 80) : null,
    placeName: clientText(f.placeName, 80),
    placeAddress: f.placeAddress ? clientText(f.placeAddress, 120) : null,
    cancelNote: f.cancelNote ? clientText(f.cancelNote, 200) : null,
  };
}

/** 'el jueves 3 de diciembre de 08:30 a 09:00', or without the hours when the slot has none. */
function pickupWhen(f: NoticeFacts): string | null {
  if (!f.pickupDate) return null;
  const day = `el ${dayInWords(f.pickupDate, f.today)}`;
  return f.pickupStart && f.pickupEnd ? `${day} de ${f.pickupStart} a ${f.pickupEnd}` : day;
}

function deliveryAddress(f: NoticeFacts): string {
  const where = [f.address, f.district].filter(Boolean).join(', ');
  return f.reference ? `${where} (${f.reference})` : where;
}

/** What the customer gets back when the store cancels, said once in the cancellation mail. */
function moneyBack(f: NoticeFacts): string | null {
  if (f.coinTotal > 0) return `Te devolvimos tus ${f.coinTotal} monedas.`;
  if (f.paymentStatus === 'REFUND_PENDING' || f.paymentStatus === 'REFUNDED')
    return `Te devolveremos ${money(f, f.totalCents)}${f.cardLast4 ? ` a tu tarjeta terminada en ${f.cardLast4}` : ''}; te escribiremos cuando esté hecho.`;
  if (f.paymentStatus === 'PAY_ON_DELIVERY') return 'No se te cobró nada.';
  return null;
}

function reasonLines(f: NoticeFacts): string[] {
  if (!f.cancelReason) return [];
  // `other` is only a heading for the words the store typed.
  const reason =
    f.cancelReason === 'other' && f.cancelNote
      ? f.cancelNote
      : `${cancelReasonTexts[f.cancelReason]}${f.cancelNote ? ` ${f.cancelNote}` : ''}`;
  return [`Motivo: ${reason}`];
}

function subjectAndLines(f: NoticeFacts, notice: CustomerNotice): [string, string[]] {
  const n = `N° ${f.number}`;
  switch (notice.kind) {
    case 'accepted':
      return [
        `Tu pedido ${n} fue aceptado`,
        [
          `${f.placeName} aceptó tu pedido ${n} y ya lo está preparando.`,
          f.shippingType === 'pickup'
            ? `Te esperamos ${pickupWhen(f) ?? 'en el horario que elegiste'} en ${f.placeName}${f.placeAddress ? `, ${f.placeAddress}` : ''}; te avisaremos cuando esté listo.`
            : `Te avisaremos cuando salga hacia ${deliveryAddress(f)}.`,
        ],
      ];
    case 'shipped':
      return [
        `Tu pedido ${n} está en camino`,
        [`Tu pedido ${n} de ${f.placeName} salió hacia ${deliveryAddress(f)}.`],
      ];
    case 'ready':
      return [
        `Tu pedido ${n} está listo para recoger`,
        [
          `Tu pedido ${n} está listo: recógelo en ${f.placeName}${f.placeAddress ? `, ${f.placeAddress}` : ''}${pickupWhen(f) ? `, ${pickupWhen(f)}` : ''}.`,
          'Muestra este correo o di tu número de pedido en el mostrador.',
        ],
      ];
    case 'canceled':
      return [
        `Tu pedido ${n} fue cancelado`,
        [
          `${f.placeName} canceló tu pedido ${n} del ${dayInWords(f.placedOn, f.today)}.`,
          ...reasonLines(f),
          ...[moneyBack(f)].filter((l): l is string => l !== null),
        ],
      ];
    case 'refunded':
      return [
        `Te devolvimos ${money(f, notice.amountCents)} del pedido ${n}`,
        [
          `Hicimos la devolución de ${money(f, notice.amountCents)}${f.cardLast4 ? ` a tu tarjeta terminada en ${f.cardLast4}` : ''} por tu pedido ${n} de ${f.placeName}.`,
          'Tu banco puede tardar unos días en mostrarla en tu estado de cuenta.',
        ],
      ];
  }
}

/**
 * A notice to the customer about their order, in Spanish with "tú". Everything anyone typed (the
 * address and reference, the store's note, names) is one short line without links, escaped in
 * the HTML part; the text part is plain text.
 */
export function customerNoticeMail(facts: NoticeFacts, notice: CustomerNotice): Mail {
  const f = { ...facts, ...typedBy(facts) };
  const [subject, lines] = subjectAndLines(f, notice);
  const greeting = f.firstName ? `Hola ${f.firstName},` : 'Hola,';
  const action = { label: 'Ver tu pedido', link: f.link };
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.link}`, '', f.appName].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`,
    `<p>${escapeHtml(f.appName)}</p>`,
  ].join('\n');
  return { to: f.to, subject: `${subject} - ${f.appName}`, text, html };
}

/** What the store's own mail per new order says of it. */
export type NewOrderFacts = {
  appName: string;
  to: string;
  /** The order's number, or the mark the database replaces with it (orders/mail.ts). */
  number: string;
  placeName: string;
  shippingType: 'delivery' | 'pickup';
  pickupDate: string | null;
  pickupStart: string | null;
  pickupEnd: string | null;
  address: string | null;
  district: string | null;
  clientName: string;
  lines: { quantity: number; title: string }[];
  total: string;
  coinTotal: number;
  paymentType: string;
  /** The order in the back office, on the store's own domain. */
  link: string;
  today: string;
};

/** The mail an owner asked for (a setting of /admin/orders): a new order to prepare. */
export function newOrderMail(facts: NewOrderFacts): Mail {
  const f = {
    ...facts,
    placeName: clientText(facts.placeName, 80),
    address: facts.address ? clientText(facts.address, 120) : null,
    district: facts.district ? clientText(facts.district, 80) : null,
    clientName: clientText(facts.clientName, 80),
    lines: facts.lines.map((l) => ({ ...l, title: clientText(l.title, 120) })),
  };
  const when =
    f.shippingType === 'pickup'
      ? `Recojo en ${f.placeName}${f.pickupDate ? ` el ${dayInWords(f.pickupDate, f.today)}` : ''}${f.pickupStart && f.pickupEnd ? ` de ${f.pickupStart} a ${f.pickupEnd}` : ''}.`
      : `Delivery desde ${f.placeName} a ${[f.address, f.district].filter(Boolean).join(', ')}.`;
  const lines = [
    `Llegó el pedido N° ${f.number}${f.clientName ? ` de ${f.clientName}` : ''}.`,
    when,
    ...f.lines.map((l) => `${l.quantity} x ${l.title}`),
    f.coinTotal > 0 ? `Total: ${f.coinTotal} monedas` : `Total: ${f.total} (${f.paymentType})`,
  ];
  const action = { label: 'Abrir el pedido', link: f.link };
  const text = ['Hola,', '', ...lines, '', `${action.label}: ${action.link}`, '', f.appName].join(
    '\n',
  );
  const html = [
    '<p>Hola,</p>',
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>`,
    `<p>${escapeHtml(f.appName)}</p>`,
  ].join('\n');
  return { to: f.to, subject: `Nuevo pedido N° ${f.number} - ${f.appName}`, text, html };
}
