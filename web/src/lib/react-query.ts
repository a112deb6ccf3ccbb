import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen may add to a mutation hook of an api file: its own reactions (a toast, a
 * navigation). The cache work stays in the hook, which runs it before the screen's onSuccess.
 */
export type MutationConfig<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

/** What a screen may add to a query hook of an api file (`enabled`, `refetchInterval`...). */
export type QueryConfig<T extends (...args: any[]) => unknown> = Partial<
  Omit<ReturnType<T>, 'queryKey' | 'queryFn'>
>;
