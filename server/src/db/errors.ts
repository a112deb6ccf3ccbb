/**
 * The constraint a database error names. PostgreSQL sends it in the error's `constraint` field;
 * Citus re-raises a worker's error without that field and with the shard's name in the message
 * (`"users_app_email_key_102040"`), so it is read from the message and the shard id dropped.
 */
export function violatedConstraint(error: {
  constraint?: string;
  message?: string;
}): string | undefined {
  if (error.constraint) return error.constraint;
  const named = /constraint "([^"]+)"/.exec(error.message ?? '')?.[1];
  // Citus's shard ids start at 102008: a suffix of six digits or more is one.
  return named?.replace(/_\d{6,}$/, '');
}
