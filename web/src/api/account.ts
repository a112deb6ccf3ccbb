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

/** `PATCH v5/me/` with the chosen city: a logged-in member's area follows the city dropdown. */
export function updateMyArea(area: string): Promise<User> {
  return api.patch<User>('v5/me/', { area });
}
