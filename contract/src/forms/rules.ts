import { formMessages } from '../form-messages';

/**
 * The generic form rules of the spec. Each answers the Spanish message when the
 * value breaks it, or undefined. Empty values pass every rule except
 * `required` and `business`, so optional fields can stay empty.
 */
export type FormValue = string | number | boolean | null | undefined;
export type FormRule = (value: FormValue) => string | undefined;

function isEmpty(value: FormValue): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

function text(value: FormValue): string {
  return String(value).trim();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const POSITIVE_NUMBER = /^\+?(\d+(\.\d*)?|\.\d+)$/;
const DNI = /^\d{8,9}$/;
const NINE_DIGITS = /^\d{9}$/;
const DATE_SLASH = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const HOST = /^(localhost|(\d{1,3}\.){3}\d{1,3}|([a-z\d]([a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63})$/i;

/** True when day, month and year name a real calendar day (no 31/02). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function rule(test: (value: string) => boolean, message: string): FormRule {
  return (value) => (isEmpty(value) || test(text(value)) ? undefined : message);
}

export const formRules = {
  required: (value: FormValue) =>
    isEmpty(value) || value === false ? formMessages.required : undefined,
  business: (value: FormValue) => (isEmpty(value) ? formMessages.required : undefined),
  checked: (value: FormValue) => (value === false ? formMessages.required : undefined),
  email: rule((v) => EMAIL.test(v), formMessages.email),
  numeric: rule((v) => NUMERIC.test(v), formMessages.numeric),
  positiveNumber: rule((v) => POSITIVE_NUMBER.test(v), formMessages.positiveNumber),
  dni: rule((v) => DNI.test(v), formMessages.dni),
  telephone: rule(
    (v) =>
      v.startsWith('+')
        ? NUMERIC.test(v.slice(1)) && !/^[-+]/.test(v.slice(1))
        : NINE_DIGITS.test(v),
    formMessages.telephone,
  ),
  dateSlash: rule((v) => {
    const match = DATE_SLASH.exec(v);
    return !!match && isCalendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
  }, formMessages.date),
  time: rule((v) => TIME.test(v), formMessages.time),
  url: rule((v) => {
    const match = /^(https?|ftp):\/\/([^/?#:]+)(:\d+)?([/?#].*)?$/i.exec(v);
    return !!match && HOST.test(match[2]);
  }, formMessages.url),
} satisfies Record<string, FormRule>;

export type FormRuleName = keyof typeof formRules;

/** Runs rules in order and answers the first message, as the forms show one per field. */
export function firstError(value: FormValue, ...rules: FormRule[]): string | undefined {
  for (const check of rules) {
    const message = check(value);
    if (message) return message;
  }
  return undefined;
}
