import type { FormEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { LoginBody } from '@store/contract/auth/schemas';

export type Submit = (body: LoginBody, onError: (error: unknown) => void) => Promise<void>;
export type CaptchaGate = () => string | undefined | false;

// The form renders without its rules: zod and the schemas (login-rules.ts) load when the visitor
// first focuses the form, and a submit before they arrive waits for them. The messages are the
// same codes as before, shown the same way.
const loadRules = () => import('./login-rules');
type Rules = Awaited<ReturnType<typeof loadRules>>;
export const prefetchRules = () => void loadRules().catch(() => undefined);

export function lazyResolver<V extends FieldValues, O>(
  pick: (rules: Rules) => Resolver<V, unknown, O>,
): Resolver<V, unknown, O> {
  return async (values, context, options) => pick(await loadRules())(values, context, options);
}

/** A submit whose rules could not load (offline) says so instead of doing nothing. */
export function submitting(run: (event: FormEvent) => Promise<void>, failed: () => void) {
  return (event: FormEvent) => void run(event).catch(failed);
}
