import { z } from 'zod';
import { formMessages } from '../messages';
import { authMessages } from './messages';

/**
 * The password rule (ours; the spec does not show one): 8 to 128 characters,
 * not only digits, and not the account's email. The same schema checks the
 * server's input and the web forms.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function passwordError(password: string, email?: string | null): string | undefined {
  if (password === '') return formMessages.required;
  if (password.length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  if (/^\d+$/.test(password)) return authMessages.passwordOnlyDigits;
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase())
    return authMessages.passwordIsEmail;
  return undefined;
}

/** A new password (never trimmed: spaces are characters like any other). */
export const passwordField = () =>
  z.string().superRefine((value, ctx) => {
    const message = passwordError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** `password` + `password_confirmation`, as the reset and change-password forms send them. */
export const newPasswordPair = {
  password: passwordField(),
  password_confirmation: z.string().min(1, formMessages.required),
};

/** The passwords_must_match rule: a non-field error, as the reset screen shows it. */
export function passwordsMatch(value: {
  password: string;
  password_confirmation: string;
}): boolean {
  return value.password === value.password_confirmation;
}
