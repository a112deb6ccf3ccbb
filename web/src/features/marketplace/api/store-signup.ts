import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketplaceStore,
  StoreSignupInput,
  StoreSignupOptions,
} from '@store/contract/marketplace/stores';
import { api } from '../../../api/client';
import { accountKeys } from '../../../api/query-keys/account';
import { marketplaceKeys } from '../../../api/query-keys/marketplace';

/** `GET v5/marketplace/stores/options/`: the categories and districts of the form. */
export function useSignupOptions(enabled: boolean) {
  return useQuery({
    queryKey: marketplaceKeys.signupOptions(),
    queryFn: ({ signal }) =>
      api.get<StoreSignupOptions>('v5/marketplace/stores/options/', { signal }),
    enabled,
  });
}

/** `POST v5/marketplace/stores/`: the merchant's new store (pending review). */
export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreSignupInput) =>
      api.post<MarketplaceStore>('v5/marketplace/stores/', body),
    // The member is staff now: the back-office entry and its role are to be read again.
    onSuccess: () => client.invalidateQueries(),
  });
}

/** `POST v5/marketplace/verification-mail/`: the confirmation link again. */
export function useResendVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>('v5/marketplace/verification-mail/', undefined),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.me() }),
  });
}
