import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `POST v5/delete-account/`: mails the member a link that deletes the account. */
export function requestDeletion(): Promise<{ detail: string }> {
  return api.post<{ detail: string }>('v5/delete-account/');
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: requestDeletion });
}
