import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMailReport } from '@store/contract/admin/mail';
import { ApiError, api } from '../../../../api/client';
import { adminMailKeys } from '../../../../api/query-keys/admin';

// Only the owner of the store's main company reads the outbox: another owner's 403 means "not
// yours", not a bad app key, so the key stays.
const notAnAppKeyProblem = { keepApiKeyOn403: true };

/** `GET v5/admin/mail/`: mails waiting for a (re)try and the newest given up on. */
export function getMailReport(signal?: AbortSignal) {
  return api.get<AdminMailReport>('v5/admin/mail/', { signal, ...notAnAppKeyProblem });
}

/** `POST v5/admin/mail/{uid}/retry/`: puts a failed mail back in the queue. */
export function retryMail(uid: string) {
  return api.post<AdminMailReport>(`v5/admin/mail/${uid}/retry/`, {}, notAnAppKeyProblem);
}

export function useMailReport() {
  return useQuery({
    queryKey: adminMailKeys.report(),
    queryFn: ({ signal }) => getMailReport(signal),
    // A 403 (an owner of another company of the store) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: (report) => client.setQueryData(adminMailKeys.report(), report),
  });
}
