import { z } from 'zod';
import { formatMessage, formMessages } from '../messages';
import { formRules, type FormRule } from './rules';

/**
 * Zod pieces built on the generic form rules, so the server and the web forms
 * refuse the same values with the same Spanish message.
 */
export function ruleString(...rules: FormRule[]) {
  return z.string().superRefine((value, ctx) => {
    for (const check of rules) {
      const message = check(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
    }
  });
}

export const requiredText = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, { message: formMessages.required, abort: true })
    .max(max, formatMessage('form.too_long', { max }));

export const emailField = () =>
  requiredText(254)
    .toLowerCase()
    .refine((v) => !formRules.email(v), formMessages.email);

/** YYYY-MM-DD, the wire format of dates (birthdate and the like). */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: formMessages.date, abort: true })
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number);
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    }, formMessages.date);
