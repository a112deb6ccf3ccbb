import { useQueryClient } from '@tanstack/react-query';
import type { StaffClient } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';
import { staffKeys } from '../../../api/query-keys/staff';
import { lookupOfClient } from '../logic';

/** `POST v5/staff/clients/from-qr/`: the member's signed, short-lived QR code. */
export function findClientByQr(code: string): Promise<StaffClient> {
  return api.post<StaffClient>('v5/staff/clients/from-qr/', { code });
}

/**
 * The QR search: the client found is cached under their document (or phone), the look-up the
 * card then keeps in the address, so it shows at once.
 */
export function useFindClientByQr() {
  const queryClient = useQueryClient();
  return async (code: string) => {
    const found = await findClientByQr(code);
    const lookup = lookupOfClient(found);
    if (lookup) queryClient.setQueryData(staffKeys.client(lookup), found);
    return found;
  };
}
