import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, FacebookLoginBody } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/login/mobile/facebook/`: the access token Facebook's dialog gave, checked by the server. */
export function facebookLogin(body: FacebookLoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('v5/login/mobile/facebook/', body);
}

export function useFacebookLogin() {
  return useMutation({ mutationFn: facebookLogin });
}
