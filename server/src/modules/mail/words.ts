import { storeDateOf, type StoreDate } from '@store/contract';

const weekdayWords = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const monthWords = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * A store day as a mail says it: 'jueves 3 de diciembre', with the year only when it is not
 * the year of `today` ('lunes 4 de enero de 2027'). Written out rather than through Intl, whose
 * Spanish puts a comma after the weekday and may change with the runtime's ICU.
 */
export function dayInWords(date: StoreDate, today: StoreDate = storeDateOf(new Date())): string {
  const [year, month, day] = date.split('-').map(Number);
  // Noon UTC of that calendar day: its weekday whatever the machine's zone.
  const weekday = weekdayWords[new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay()];
  const sameYear = today.slice(0, 4) === date.slice(0, 4);
  return `${weekday} ${day} de ${monthWords[month - 1]}${sameYear ? '' : ` de ${year}`}`;
}
