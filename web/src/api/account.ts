import { queryOptions } from '@tanstack/react-query';
import type { User } from '@store/contract/profile/user';
import { api } from './client';

/** `GET v5/me/`: the signed-in member (shared by every screen that shows or edits them). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => api.get<User>('v5/me/', { signal }),
  });

/** `POST v5/logout/`: ends this session on the server; a failure never keeps the visitor signed in. */
export async function logoutCall(): Promise<void> {
  try {
    await api.post('v5/logout/');
  } catch {
    /* the session is closed locally anyway */
  }
}
