import { useQuery } from '@tanstack/react-query';
import { isValidRuc, type RucLookup } from '@store/contract/receipts/schemas';
import { api } from '../../../api/client';
import { checkoutKeys } from '../../../api/query-keys/checkout';

/**
 * `GET v5/ruc/{ruc}/`: razón social and fiscal address from SUNAT's register. 404: no such RUC;
 * 503: no look-up now (the shopper types them); 429: too many look-ups.
 */
export function lookupRuc(ruc: string, signal?: AbortSignal) {
  return api.get<RucLookup>(`v5/ruc/${ruc}/`, { signal });
}

/** Asked once per RUC with its check digit right; never retried (the shopper can type instead). */
export function useRucLookup(ruc: string) {
  return useQuery({
    queryKey: checkoutKeys.ruc(ruc),
    queryFn: ({ signal }) => lookupRuc(ruc, signal),
    enabled: isValidRuc(ruc),
    retry: false,
    staleTime: Infinity,
  });
}
