import { useMutation } from '@tanstack/react-query';
import type { AppleLoginBody, AuthResponse } from '@store/contract/auth/schemas';
import { api } from '../../../api/client';

/** `POST v5/login/mobile/apple/`: the ID token Apple's dialog gave, checked by the server. */
export function appleLogin(body: AppleLoginBody): Promise<AuthResponse> {
  return api.post<AuthResponse>('v5/login/mobile/apple/', body);
}

export function useAppleLogin() {
  return useMutation({ mutationFn: appleLogin });
}
