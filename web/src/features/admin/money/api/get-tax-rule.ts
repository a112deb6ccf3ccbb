import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTaxRule } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `GET v5/admin/money/tax/`. */
export function getTaxRule(signal?: AbortSignal) {
  return api.get<AdminTaxRule>('v5/admin/money/tax/', { signal });
}

export const taxRuleQuery = () =>
  queryOptions({ queryKey: adminPaymentKeys.tax(), queryFn: ({ signal }) => getTaxRule(signal) });

export function useTaxRule() {
  return useQuery(taxRuleQuery());
}
