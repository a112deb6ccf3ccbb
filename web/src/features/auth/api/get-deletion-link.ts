import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { authKeys } from '../../../api/query-keys/auth';

export type DeletionLink = { uid: string; first_name: string; email: string | null };

/** Base path of the deletion calls: `v5/me/delete/{uid}/{token}/` or the partner `v5/{prefix}/me/delete/{uidApp}/{uid}/{token}/`. */
export function deletionBase(p: {
  prefix: string | null;
  uidApp: string;
  uidUser: string;
  token: string;
}): string {
  const e = encodeURIComponent;
  return p.prefix
    ? `v5/${e(p.prefix)}/me/delete/${e(p.uidApp)}/${e(p.uidUser)}/${e(p.token)}/`
    : `v5/me/delete/${e(p.uidUser)}/${e(p.token)}/`;
}

/** `GET .../me/delete/...`: validates the link on open. */
export function getDeletionLink(base: string, signal?: AbortSignal): Promise<DeletionLink> {
  return api.get<DeletionLink>(base, { signal });
}

export const deletionLinkQuery = (base: string) =>
  queryOptions({
    queryKey: authKeys.deletionLink(base),
    queryFn: ({ signal }) => getDeletionLink(base, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useDeletionLink(base: string) {
  return useQuery(deletionLinkQuery(base));
}
