import { api } from './client';

/**
 * `GET v5/admin/me/` with a token just received: whether the user is the store's OWNER or
 * MANAGER. The sign-in reached from /staff uses it to open /admin for them instead.
 */
export async function canOpenBackOffice(token: string): Promise<boolean> {
  try {
    await api.get('v5/admin/me/', {
      headers: { Authorization: `Token ${token}` },
      keepApiKeyOn403: true,
      stepUp: false,
    });
    return true;
  } catch {
    return false;
  }
}
