import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketplaceStore,
  StoreChangeDecisionInput,
  StoreDecisionInput,
  StoreOnboarding,
  StoreProfileInput,
  StoreStatus,
} from '@store/contract/marketplace/stores';
import { api } from '../../../../api/client';
import { marketplaceKeys } from '../../../../api/query-keys/marketplace';
import { usePagedList } from '../../api/paged-list';

export type StoreFilters = { page: number; status?: StoreStatus; changes?: 'pending'; q?: string };

/** `GET v5/admin/marketplace/stores/`: the marketplace's stores (its owner only). */
export function useStores(filters: StoreFilters) {
  return usePagedList<MarketplaceStore>(
    'v5/admin/marketplace/stores/',
    marketplaceKeys.storeList(filters),
    filters,
  );
}

/** `POST v5/admin/marketplace/stores/{uid}/decision/` with the version the row was read at. */
export function useDecideStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: StoreDecisionInput & { uid: string }) =>
      api.post<MarketplaceStore>(`v5/admin/marketplace/stores/${uid}/decision/`, body),
    // Not awaited: the refetch drops the decided card, and a caller's onSuccess (its toast)
    // runs only while the card is still mounted.
    onSettled: () => void client.invalidateQueries({ queryKey: marketplaceKeys.stores() }),
  });
}

/** `POST v5/admin/marketplace/stores/{uid}/change-decision/`: a store's proposed change. */
export function useDecideStoreChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: StoreChangeDecisionInput & { uid: string }) =>
      api.post<MarketplaceStore>(`v5/admin/marketplace/stores/${uid}/change-decision/`, body),
    // Not awaited, as above.
    onSettled: () => void client.invalidateQueries({ queryKey: marketplaceKeys.stores() }),
  });
}

/** `GET v5/admin/onboarding/`: a new store's checklist (null for the others). */
export function useOnboarding() {
  return useQuery({
    queryKey: marketplaceKeys.onboarding(),
    queryFn: ({ signal }) => api.get<StoreOnboarding | null>('v5/admin/onboarding/', { signal }),
  });
}

/** `PATCH v5/admin/onboarding/store/`: the store's name, logo and description (reviewed once approved). */
export function useUpdateStoreProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreProfileInput) =>
      api.patch<MarketplaceStore>('v5/admin/onboarding/store/', body),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.onboarding() }),
  });
}

/** `POST v5/admin/onboarding/review/`: asks the marketplace to review the store. */
export function useRequestReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api.post<MarketplaceStore>('v5/admin/onboarding/review/', { version }),
    onSettled: () => client.invalidateQueries({ queryKey: marketplaceKeys.onboarding() }),
  });
}
