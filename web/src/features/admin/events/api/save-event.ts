import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminEvent,
  AdminEventCreate,
  AdminEventInput,
  AdminEventPublish,
} from '@store/contract/admin/events';
import { api } from '../../../../api/client';
import { adminEventKeys } from '../../../../api/query-keys/admin';
import { engagementKeys } from '../../../../api/query-keys/engagement';

/** The back office's lists and the store's own event pages of this tab (they show it at once). */
function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: engagementKeys.allEvents() });
  return client.invalidateQueries({ queryKey: adminEventKeys.all() });
}

/** `POST v5/admin/events/`: a draft unless `published`. */
export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEventCreate) => api.post<AdminEvent>('v5/admin/events/', body),
    onSuccess: () => refresh(client),
  });
}

/** `PUT v5/admin/events/{uid}/` with the version read. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: AdminEventInput & { uid: string }) =>
      api.put<AdminEvent>(`v5/admin/events/${uid}/`, body),
    onSettled: () => refresh(client),
  });
}

/** `PATCH v5/admin/events/{uid}/`: publish, or back to draft. */
export function usePublishEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: AdminEventPublish & { uid: string }) =>
      api.patch<AdminEvent>(`v5/admin/events/${uid}/`, body),
    onSettled: () => refresh(client),
  });
}

/** `DELETE v5/admin/events/{uid}/?version=`. */
export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, version }: { uid: string; version: number }) =>
      api.delete<null>(`v5/admin/events/${uid}/`, { query: { version } }),
    onSuccess: (_, { uid }) => {
      client.removeQueries({ queryKey: adminEventKeys.one(uid) });
      return refresh(client);
    },
  });
}
