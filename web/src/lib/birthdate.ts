/**
 * Birth years offered, newest first. The spec stops at 1960, which shuts out every customer over
 * 66; the list runs to 1900, the oldest date the server accepts (docs/decisions.md).
 */
export const FIRST_BIRTH_YEAR = 1900;

export function birthYears(today: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = today.getFullYear(); year >= FIRST_BIRTH_YEAR; year -= 1) years.push(year);
  return years;
}

const pad = (value: string) => value.padStart(2, '0');

/**
 * The wire format YYYY-MM-DD from day, month and year selects; '' when none is chosen. A partly
 * chosen date gives an invalid string so the date rule answers 'Escriba una fecha válida'.
 */
export function composeBirthdate(day: string, month: string, year: string): string {
  if (!day && !month && !year) return '';
  if (!day || !month || !year) return `${year || '0000'}-${pad(month || '00')}-${pad(day || '00')}`;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** '1990-05-14' -> { day: '14', month: '5', year: '1990' }. */
export function splitBirthdate(value: string | null | undefined): {
  day: string;
  month: string;
  year: string;
} {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1], month: String(Number(match[2])), day: String(Number(match[3])) };
}
