import type { AdminUnsettledCharge } from '@store/contract/admin/money';
import { adminPaymentKeys } from '../../../../api/query-keys/admin';
import { usePagedList } from '../../api/paged-list';

/** `GET v5/admin/money/unsettled-charges/`: card charges being given back, newest first. */
export function useUnsettledCharges(page: number) {
  return usePagedList<AdminUnsettledCharge>(
    'v5/admin/money/unsettled-charges/',
    adminPaymentKeys.unsettled(page),
    { page },
  );
}
