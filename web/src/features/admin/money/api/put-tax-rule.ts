import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTaxRule, AdminTaxRuleInput } from '@store/contract/admin/money';
import { api } from '../../../../api/client';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';

/** `PUT v5/admin/money/tax/`. */
export function putTaxRule(body: AdminTaxRuleInput) {
  return api.put<AdminTaxRule>('v5/admin/money/tax/', body);
}

export function usePutTaxRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putTaxRule,
    onSettled: () => client.invalidateQueries({ queryKey: adminPaymentKeys.tax() }),
  });
}
