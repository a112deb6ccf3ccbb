/**
 * Every query key of the web app comes from these factories, one per area and a file each (so
 * a first page carries only its own): a mutation refreshes exactly what it changes and no screen
 * spells a key. They live in shared code because a write of one feature refreshes another's
 * reads (an order placed at checkout, the orders list).
 *
 * A key holds every input that changes the answer. The host is implied (one tenant per origin).
 * Member data is separated by session the way it always was: `accountKeys.me()` is removed on
 * sign-out, deleting the account clears the whole cache, and the staff role is keyed by the token.
 */

export const accountKeys = {
  me: () => ['me'] as const,
  /** The user's staff role, keyed by the session so another sign-in never reuses the answer. */
  staffRole: (token: string) => ['staff-me', token] as const,
  staffRoles: () => ['staff-me'] as const,
};
