import { useMutation } from '@tanstack/react-query';
import type { StaffClient, StaffCreateClientInput } from '@store/contract/staff/schemas';
import { api } from '../../../api/client';

/** `POST v5/staff/clients/`: registers a client at the counter. */
export function createClient(body: StaffCreateClientInput): Promise<StaffClient> {
  return api.post<StaffClient>('v5/staff/clients/', body);
}

/** Nothing cached lists clients: the new one is looked up by the screen that follows. */
export function useCreateClient() {
  return useMutation({ mutationFn: createClient });
}
